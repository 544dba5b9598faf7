import type { CallFact, FileFacts, LanguageId, SymbolFact } from '../../src/extract/facts';
import { Identity, QualifiedName } from '../../src/model';
import type { LanguageResolver, LanguageResolverFactory } from '../../src/resolve/languages/languageResolver';
import { RESOLVER_FACTORIES } from '../../src/resolve/languages/resolvers';
import { RepoLayout } from '../../src/resolve/layout';
import { type LinkContext, type LinkedFile, linkFile } from '../../src/resolve/linker';
import { SymbolTable } from '../../src/resolve/symbolTable';

/** Builders and a whole-repo link for resolver tests written as plain facts. */
export const REPO_URL = 'example.com/r';

export function symbol(name: string, kind: SymbolFact['kind'], extra: Partial<SymbolFact> = {}): SymbolFact {
  return { name, kind, line: 1, col: 0, endLine: 1, signature: name, bodyHash: name, doc: '', exported: true, ...extra };
}

export function facts(path: string, language: LanguageId, parts: Partial<FileFacts>): FileFacts {
  return { path, language, symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0, ...parts };
}

export function call(caller: string, callee: CallFact['callee'], line = 5): CallFact {
  return { caller, callee, line, col: 4 };
}

/** Links every file of a tiny repo and renders edges as `type source -> target` (local parts of qualified names). */
export function linkRepo(files: FileFacts[], layoutFiles: Record<string, string> = {}): { edges: string[]; linked: LinkedFile[] } {
  const layout = new RepoLayout([...files.map((f) => f.path), ...Object.keys(layoutFiles)], (p) => layoutFiles[p] ?? '');
  const resolvers = new Map<LanguageResolverFactory, LanguageResolver>();
  const resolverFor = (f: Pick<FileFacts, 'language'>): LanguageResolver => {
    const factory = RESOLVER_FACTORIES[f.language];
    let resolver = resolvers.get(factory);
    if (!resolver) resolvers.set(factory, (resolver = factory(layout)));
    return resolver;
  };
  const table = new SymbolTable();
  for (const f of files) table.setFile(f.path, resolverFor(f).packagePath(f.path, f), f);
  const ctx: LinkContext = {
    repoUrl: REPO_URL, repoHash: Identity.repo(REPO_URL), serviceOf: () => 'r', table, resolverFor,
    fileHashOf: (p) => Identity.file(Identity.repo(REPO_URL), p),
  };
  const linked = files.map((f) => linkFile(ctx, f));
  const names = new Map(linked.flatMap((l) => [...l.nodes, ...l.repoLevelNodes]).map((n) => [n.nodeHash, QualifiedName.localPart(n.qualifiedName)]));
  const edges = linked.flatMap((l) => l.edges.map((e) => `${e.edgeType} ${names.get(e.sourceHash) ?? '?'} -> ${names.get(e.targetHash) ?? 'MISSING'}`));
  return { edges: edges.sort(), linked };
}
