import type { Node } from 'yaml';
import type { NodeKind } from '../../model/kinds';
import type { FileFacts, ImportFact, LanguageId, LinkFact, RouteFact, SymbolFact } from '../facts';
import type { YamlDoc } from '../yaml/nodes';

/** What a manifest or template declares, in the terms of a SymbolFact. */
export interface DeclaredSymbol {
  readonly name: string;
  readonly kind: NodeKind;
  /** The node holding the name as written: its start is the symbol's position. */
  readonly nameNode: Node;
  /** First and last node of the declaration's source text (body hash and end line). */
  readonly bodyStart: Node;
  readonly bodyEnd: Node;
  readonly signature: string;
  readonly doc: string;
  readonly packagePath?: string;
  readonly keys?: readonly string[];
}

const MAX_SIGNATURE = 300;

/**
 * Gathers the facts of one YAML file as the kubernetes and cloud readers find them.
 * Links are kept once per (edge type, source, target): the same ConfigMap used by two
 * containers of one Deployment is one `configures` fact, at its first use.
 */
export class FactsCollector {
  private readonly symbols: SymbolFact[] = [];
  private readonly imports: ImportFact[] = [];
  private readonly routes: RouteFact[] = [];
  private readonly links: LinkFact[] = [];
  private readonly linkIds = new Set<string>();

  constructor(readonly path: string, private readonly language: LanguageId) {}

  addSymbol(yaml: YamlDoc, declared: DeclaredSymbol): void {
    const signature = declared.signature.replace(/\s+/g, ' ').trim();
    this.symbols.push({
      ...yaml.position(declared.nameNode),
      name: declared.name,
      kind: declared.kind,
      endLine: Math.max(yaml.endLine(declared.bodyEnd), yaml.position(declared.nameNode).line),
      signature: signature.length > MAX_SIGNATURE ? `${signature.slice(0, MAX_SIGNATURE - 1)}…` : signature,
      bodyHash: yaml.hashOf(declared.bodyStart, declared.bodyEnd),
      doc: declared.doc,
      exported: true,
      ...(declared.packagePath ? { packagePath: declared.packagePath } : {}),
      ...(declared.keys?.length ? { keys: declared.keys } : {}),
    });
  }

  addImport(fact: ImportFact): void {
    this.imports.push(fact);
  }

  addRoute(fact: RouteFact): void {
    this.routes.push(fact);
  }

  addLink(fact: LinkFact): void {
    const id = JSON.stringify([fact.edgeType, fact.from, fact.to]);
    if (this.linkIds.has(id)) return;
    this.linkIds.add(id);
    this.links.push(fact);
  }

  hasLink(edgeType: LinkFact['edgeType'], from: LinkFact['from'], to: LinkFact['to']): boolean {
    return this.linkIds.has(JSON.stringify([edgeType, from, to]));
  }

  toFacts(syntaxErrors: number): FileFacts {
    return {
      path: this.path,
      language: this.language,
      symbols: this.symbols,
      imports: this.imports,
      calls: [],
      references: [],
      routes: this.routes,
      ...(this.links.length > 0 ? { links: this.links } : {}),
      syntaxErrors,
    };
  }
}

/** Facts of a file the extractor recognised but does not read. */
export function skippedFacts(path: string, language: LanguageId, skipReason: string, syntaxErrors = 0): FileFacts {
  return { path, language, symbols: [], imports: [], calls: [], references: [], routes: [], skipReason, syntaxErrors };
}
