import { type FileRecord, type GraphNode, type Hash, QualifiedName } from '../model';
import type { GraphView } from './graphView';
import { LayeredGraphView } from './layeredGraphView';

/**
 * Lookups a view does not index itself: nodes by qualified name, by file, and files by
 * path. Built once per view on first use (one O(N) pass) and kept as long as the view is,
 * so name-addressed queries (flow_between, communities, test_scope) cost a map lookup.
 */
interface ViewIndex {
  readonly byName: Map<string, GraphNode[]>;
  readonly byLocalName: Map<string, GraphNode[]>;
  readonly byFile: Map<Hash, GraphNode[]>;
  readonly filesByPath: Map<string, FileRecord[]>;
  readonly packageOfFile: Map<Hash, string>;
}

const indexes = new WeakMap<GraphView, ViewIndex>();
const NONE: readonly never[] = [];

/**
 * The index of a plain view. A layered view's layer holds only repo-level nodes (no file),
 * so its file lookups are its base's, and only names need the layer (see namedIn).
 */
function indexOf(view: GraphView): ViewIndex {
  if (view instanceof LayeredGraphView) return indexOf(view.base);
  let index = indexes.get(view);
  if (!index) {
    index = buildIndex(view.nodes.values(), view.files.values());
    indexes.set(view, index);
  }
  return index;
}

const layerIndexes = new WeakMap<LayeredGraphView, ViewIndex>();

function buildIndex(nodes: Iterable<GraphNode>, files: Iterable<FileRecord>): ViewIndex {
  const index: ViewIndex = { byName: new Map(), byLocalName: new Map(), byFile: new Map(), filesByPath: new Map(), packageOfFile: new Map() };
  for (const node of nodes) {
    push(index.byName, node.qualifiedName, node);
    push(index.byLocalName, QualifiedName.localPart(node.qualifiedName), node);
    if (node.fileHash) push(index.byFile, node.fileHash, node);
  }
  for (const file of files) push(index.filesByPath, file.path, file);
  for (const list of [...index.byName.values(), ...index.byLocalName.values()]) list.sort(byNameThenKind);
  return index;
}

/** Nodes with this exact qualified name, and those with it as local part, in a view and its layers. */
function namedIn(view: GraphView, name: string): [readonly GraphNode[], readonly GraphNode[]] {
  if (!(view instanceof LayeredGraphView)) {
    const index = indexOf(view);
    return [index.byName.get(name) ?? NONE, index.byLocalName.get(name) ?? NONE];
  }
  let layer = layerIndexes.get(view);
  if (!layer) layerIndexes.set(view, (layer = buildIndex(view.layerNodes.values(), [])));
  const [exact, local] = namedIn(view.base, name);
  return [merged(exact, layer.byName.get(name)), merged(local, layer.byLocalName.get(name))];
}

function merged(a: readonly GraphNode[], b: readonly GraphNode[] | undefined): readonly GraphNode[] {
  if (!b || b.length === 0) return a;
  return a.length === 0 ? b : [...a, ...b].sort(byNameThenKind);
}

/**
 * Nodes named `name`: an exact qualified name, or else the local part
 * (`<package_path>.<Symbol>`) in any repo. Sorted by qualified name, then kind.
 */
export function nodesNamed(view: GraphView, name: string): readonly GraphNode[] {
  const [exact, local] = namedIn(view, name);
  return exact.length > 0 ? exact : local;
}

/** The nodes a file owns, in no particular order. */
export function nodesOfFile(view: GraphView, fileHash: Hash): readonly GraphNode[] {
  return indexOf(view).byFile.get(fileHash) ?? NONE;
}

/** Files at a repo-relative path, one per repo that has it. */
export function filesAtPath(view: GraphView, path: string): readonly FileRecord[] {
  return indexOf(view).filesByPath.get(path) ?? NONE;
}

/**
 * The package path of a node (docs/qualified-names.md): the local part of its name
 * without the symbol. Symbols may contain dots (`Type.method`, TS test titles) and package
 * paths may too (`src/a.spec`, `app.api`), so the name alone cannot be split. The file's
 * module node names the package exactly (for Go, the file module is `<package>/<file>.go`);
 * nodes without one fall back to dropping the last dotted segment.
 */
export function packagePathOf(view: GraphView, node: GraphNode): string {
  const local = QualifiedName.localPart(node.qualifiedName);
  if (node.kind === 'module') return modulePackage(view, node, local);
  if (node.fileHash) {
    const index = indexOf(view);
    let pkg = index.packageOfFile.get(node.fileHash);
    if (pkg === undefined) {
      const module = nodesOfFile(view, node.fileHash).find((n) => n.kind === 'module');
      pkg = module ? modulePackage(view, module, QualifiedName.localPart(module.qualifiedName)) : '';
      index.packageOfFile.set(node.fileHash, pkg);
    }
    if (pkg && local.startsWith(`${pkg}.`)) return pkg;
  }
  const dot = local.lastIndexOf('.');
  return dot > 0 ? local.slice(0, dot) : local;
}

function modulePackage(view: GraphView, module: GraphNode, local: string): string {
  const path = view.pathOf(module);
  if (!path.endsWith('.go')) return local;
  // A Go file module is `<import path>/<file>.go`; its package is the directory part.
  const file = path.slice(path.lastIndexOf('/') + 1);
  return local.endsWith(`/${file}`) ? local.slice(0, local.length - file.length - 1) : local;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function byNameThenKind(a: GraphNode, b: GraphNode): number {
  return compareStrings(a.qualifiedName, b.qualifiedName) || compareStrings(a.kind, b.kind);
}

/** Code-unit order, independent of locale: the tie-break every algorithm here uses. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
