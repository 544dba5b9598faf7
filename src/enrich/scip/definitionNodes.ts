import { type GraphNode, type Hash, Identity, type NodeKind, hashBytes } from '../../model';
import type { LocatedFile, NodeLocator } from '../nodeLocator';
import { type ParsedSymbol, parseScipSymbol } from './scipSymbols';

/** A definition occurrence of a document, in the graph's units. */
export interface ScipDefinition {
  readonly symbol: string;
  readonly line: number;
  readonly character: number;
}

/** What a document says of its definitions: where they are, and SymbolInformation.kind by symbol. */
export interface DocumentDefinitions {
  readonly file: LocatedFile;
  readonly definitions: readonly ScipDefinition[];
  readonly kindOf: ReadonlyMap<string, number>;
  /** The document's source lines (for signatures); empty when unreadable. */
  readonly lines: readonly string[];
}

/** What the definitions of one document came to. */
export interface DefinitionNodes {
  /** Nodes to add to the document's file: in-repo definitions the static pass has no node for. */
  readonly created: GraphNode[];
  /** Definitions of node-worthy symbols left without a node, by descriptor kind (type, method, term). */
  readonly withoutNode: Record<string, number>;
}

/** SymbolInformation.Kind values (scip.proto) that name one of our node kinds. */
const KIND_OF_SCIP_KIND: ReadonlyMap<number, NodeKind> = new Map([
  [7, 'type'], [11, 'type'], [49, 'type'], [54, 'type'], [55, 'type'], [59, 'type'], // class, enum, struct, type, alias, union
  [21, 'interface'], [42, 'interface'], [53, 'interface'], // interface, protocol, trait
  [9, 'method'], [18, 'method'], [26, 'method'], [45, 'method'], // constructor, getter, method, setter
  [17, 'function'],
  [12, 'field'], [15, 'field'], [41, 'field'], // enum member, field, property
  [8, 'constant'],
  [61, 'variable'],
]);
/** Kinds a member can belong to: a definition under one of them is named `<owner>.<name>`. */
const OWNER_KINDS: ReadonlySet<NodeKind> = new Set(['type', 'interface', 'constant', 'variable']);
const SIGNATURE_LIMIT = 200;

/**
 * Nodes for the definitions of a document that the static pass did not model (fields,
 * properties, enum members, `let` variables, members of namespaces), so compiler-grade
 * edges can point at them. Only global symbols defined in this document are considered,
 * which a SCIP index emits only for the project's own sources: a dependency's symbols are
 * never given nodes. A definition is named after the node of the symbol it belongs to
 * (`Store#items.` under `src/store.Store` is `src/store.Store.items`); a top-level one
 * after the package its already-modelled siblings share. When neither is known, or the
 * descriptor is a parameter, type parameter, meta or macro, no node is made and the
 * definition is counted as without one.
 */
export function definitionNodes(document: DocumentDefinitions, locator: NodeLocator): DefinitionNodes {
  const { file } = document;
  const existing = locator.nodesOf(file.file.fileHash);
  const taken = new Set(existing.map((n) => n.nodeHash));
  const nodeOfSymbol = new Map<string, GraphNode>();
  const pending: Array<{ definition: ScipDefinition; parsed: ParsedSymbol }> = [];
  for (const definition of document.definitions) {
    const parsed = parseScipSymbol(definition.symbol);
    if (!parsed) continue;
    const found = modelledAt(definition, parsed, existing, locator, file);
    if (found) nodeOfSymbol.set(definition.symbol, found);
    else pending.push({ definition, parsed });
  }
  const packagePrefixOf = new Map<string, string>();
  for (const definition of document.definitions) {
    const node = nodeOfSymbol.get(definition.symbol);
    const parsed = node && parseScipSymbol(definition.symbol);
    if (!parsed || parsed.descriptor.suffix === 'namespace' || packagePrefixOf.has(parsed.parent)) continue;
    const tail = `.${parsed.descriptor.name}`;
    if (node.qualifiedName.endsWith(tail)) packagePrefixOf.set(parsed.parent, node.qualifiedName.slice(0, -tail.length));
  }

  const created: GraphNode[] = [];
  const withoutNode: Record<string, number> = {};
  // Owners first, so a field of a type that gets a node here is named under it.
  pending.sort((a, b) => a.parsed.depth - b.parsed.depth);
  for (const { definition, parsed } of pending) {
    const { suffix, name } = parsed.descriptor;
    if (suffix !== 'type' && suffix !== 'term' && suffix !== 'method') continue;
    const owner = nodeOfSymbol.get(parsed.parent);
    const topLevel = !owner && parsed.parent.endsWith('/') ? packagePrefixOf.get(parsed.parent) : undefined;
    const scipKind = KIND_OF_SCIP_KIND.get(document.kindOf.get(definition.symbol) ?? 0);
    if ((owner && !OWNER_KINDS.has(owner.kind)) || (!owner && topLevel === undefined) || name === '') {
      withoutNode[suffix] = (withoutNode[suffix] ?? 0) + 1;
      continue;
    }
    const kind = scipKind ?? kindFromDescriptor(suffix, owner !== undefined);
    const qualifiedName = `${owner ? owner.qualifiedName : topLevel}.${name}`;
    const nodeHash = Identity.node(file.repo.repoUrl, qualifiedName, kind);
    if (taken.has(nodeHash)) continue;
    taken.add(nodeHash);
    const text = document.lines[definition.line - 1] ?? '';
    const node: GraphNode = {
      nodeHash,
      fileHash: file.file.fileHash,
      repoHash: file.repo.repoHash,
      qualifiedName,
      kind,
      line: definition.line,
      column: definition.character,
      endLine: definition.line,
      signature: text.trim().slice(0, SIGNATURE_LIMIT),
      bodyHash: hashBytes(text) as Hash,
      doc: '',
    };
    created.push(node);
    nodeOfSymbol.set(definition.symbol, node);
  }
  return { created, withoutNode };
}

/** The static node a definition is, if any: the one at its name, or the declaration the locator finds there. */
function modelledAt(
  definition: ScipDefinition, parsed: ParsedSymbol, nodes: readonly GraphNode[], locator: NodeLocator, file: LocatedFile,
): GraphNode | undefined {
  const exact = nodes.filter((n) => n.line === definition.line && n.column === definition.character && n.kind !== 'module' && n.kind !== 'route');
  if (exact.length > 0) return exact.find((n) => (parsed.descriptor.suffix === 'method') === (n.kind === 'method' || n.kind === 'function')) ?? exact[0];
  if (parsed.descriptor.suffix === 'type' || parsed.descriptor.suffix === 'namespace') return undefined;
  const declared = locator.declarationAt({ path: file.absolutePath, line: definition.line, character: definition.character });
  return declared?.fileHash === file.file.fileHash ? declared : undefined;
}

/** The node kind of a definition SCIP gave no kind for: a member is a field or method, a top-level one a variable, function or type. */
function kindFromDescriptor(suffix: 'type' | 'term' | 'method', member: boolean): NodeKind {
  if (suffix === 'type') return 'type';
  if (suffix === 'method') return member ? 'method' : 'function';
  return member ? 'field' : 'variable';
}
