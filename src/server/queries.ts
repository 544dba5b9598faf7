import { z } from 'zod';
import { NodeLocator } from '../enrich/nodeLocator';
import { cachedCommunities } from '../graph/communities';
import type { GraphView } from '../graph/graphView';
import { runTool } from '../mcp/server';
import { TOOLS } from '../mcp/registry';
import { type GraphNode, callSitesOf, isRuntimeProvenance } from '../model';
import type { GraphService } from './graphService';
import { absolutePathOf } from './callGraphQueries';
import type { CodeLensInfo, SymbolSummary, ToolCallResult } from './protocol';

const LENS_KINDS = new Set(['function', 'method']);
const PICKABLE_KINDS = new Set(['function', 'method', 'type', 'interface', 'route', 'test', 'constant', 'variable']);

/**
 * The reads the extension's views, lenses and commands make. Tools run exactly as MCP
 * clients see them (same handlers, caps and errors); the rest are small lookups the
 * tools do not offer (the symbol under the cursor, lens counts).
 */
export class GraphQueries {
  constructor(private readonly service: GraphService, private readonly log: (message: string) => void) {}

  async callTool(name: string, args: Record<string, unknown>): Promise<ToolCallResult> {
    const tool = TOOLS.find((t) => t.name === name);
    if (!tool) return { isError: true, text: `tool: unknown tool ${name}; expected one of ${TOOLS.map((t) => t.name).join(', ')}` };
    const parsed = z.object(tool.inputSchema).safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { isError: true, text: `${issue.path.join('.') || 'arguments'}: ${issue.message}` };
    }
    const result = await runTool(tool, parsed.data, this.service, this.log);
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    return { isError: result.isError === true, text, structured: result.structuredContent };
  }

  /** The innermost symbol at a position: a declaration on that line, else the one whose body holds it. */
  async symbolAt(file: string, line: number, character: number): Promise<SymbolSummary | undefined> {
    const locator = await NodeLocator.open(this.service.store());
    const located = locator.fileAt(file);
    if (!located) return undefined;
    await locator.prepare([located.file.fileHash]);
    const declared = locator.declarationAt({ path: located.absolutePath, line, character });
    const node = declared && declared.line === line ? declared : locator.enclosing(located.file.fileHash, line);
    return node && node.kind !== 'module' ? this.summary(node, located.absolutePath) : undefined;
  }

  /** Symbols whose name contains `query` (case-insensitive), shortest names first. */
  async symbolsByName(query: string, limit = 200): Promise<SymbolSummary[]> {
    const needle = query.trim().toLowerCase();
    const view = await this.service.graphs.liveView();
    const found: GraphNode[] = [];
    for (const node of view.nodes.values()) {
      if (!node.fileHash || !PICKABLE_KINDS.has(node.kind)) continue;
      if (needle === '' || localName(node).toLowerCase().includes(needle)) found.push(node);
    }
    return found
      .sort((a, b) => localName(a).length - localName(b).length || a.qualifiedName.localeCompare(b.qualifiedName))
      .slice(0, limit)
      .map((node) => this.summary(node, absolutePathOf(node, view)));
  }

  /** Per function and method of a file: its direct callers and runtime observations into it. */
  async codeLenses(file: string): Promise<CodeLensInfo[]> {
    const locator = await NodeLocator.open(this.service.store());
    const located = locator.fileAt(file);
    if (!located) return [];
    await locator.prepare([located.file.fileHash]);
    const view = await this.service.graphs.liveView();
    const runtimeData = hasRuntimeEdges(view);
    return locator.nodesOf(located.file.fileHash).filter((n) => LENS_KINDS.has(n.kind)).map((node) => {
      const incoming = view.incoming(node.nodeHash);
      const calls = incoming.filter((e) => e.edgeType === 'calls');
      const callers = new Set(calls.map((e) => e.sourceHash));
      // Distinct places: an inferred and a language-server edge of one call share its site.
      const callSites = new Set(calls.flatMap((e) => callSitesOf(e).map((s) => `${s.file}:${s.line}:${s.col}`)));
      const observed = incoming.filter((e) => isRuntimeProvenance(e.provenance)).reduce((sum, e) => sum + e.observationCount, 0);
      return { symbol: this.summary(node, located.absolutePath), callers: callers.size, callSites: callSites.size, observed, runtimeData };
    });
  }

  /** Where a node is declared, for opening it in the editor. */
  async locate(nodeHash: string): Promise<SymbolSummary | undefined> {
    const view = await this.service.graphs.liveView();
    const node = view.nodes.get(nodeHash);
    return node?.fileHash ? this.summary(node, absolutePathOf(node, view)) : undefined;
  }

  /** Members of a Louvain community (the ids the communities tool lists), by name. */
  async communityMembers(id: number, limit = 500): Promise<SymbolSummary[]> {
    const view = await this.service.graphs.liveView();
    const detection = cachedCommunities(view);
    const members: GraphNode[] = [];
    for (const [nodeHash, community] of detection.communityOf) {
      const node = community === id ? view.nodes.get(nodeHash) : undefined;
      if (node?.fileHash) members.push(node);
    }
    return members.sort((a, b) => a.qualifiedName.localeCompare(b.qualifiedName)).slice(0, limit)
      .map((node) => this.summary(node, absolutePathOf(node, view)));
  }

  private summary(node: GraphNode, absolutePath: string): SymbolSummary {
    return {
      nodeHash: node.nodeHash, qualifiedName: node.qualifiedName, kind: node.kind, path: absolutePath,
      line: node.line, character: node.column, endLine: Math.max(node.line, node.endLine),
    };
  }
}

/** Whether any edge of the graph was observed at runtime; remembered per view (a view is one graph generation). */
const runtimeEdgesIn = new WeakMap<GraphView, boolean>();
function hasRuntimeEdges(view: GraphView): boolean {
  let known = runtimeEdgesIn.get(view);
  if (known === undefined) runtimeEdgesIn.set(view, (known = view.edgesWithProvenance(isRuntimeProvenance).length > 0));
  return known;
}

function localName(node: GraphNode): string {
  const separator = node.qualifiedName.indexOf('://');
  return separator < 0 ? node.qualifiedName : node.qualifiedName.slice(separator + 3);
}
