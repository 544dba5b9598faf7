import * as assert from 'node:assert/strict';
import type { CallFact, FileFacts, LanguageId, SymbolFact } from '../../src/extract/facts';
import { Identity, QualifiedName } from '../../src/model';
import { goResolver } from '../../src/resolve/languages/go';
import { typescriptResolver } from '../../src/resolve/languages/typescript';
import { RepoLayout } from '../../src/resolve/layout';
import { type LinkContext, type LinkedFile, linkFile } from '../../src/resolve/linker';
import { SymbolTable } from '../../src/resolve/symbolTable';

const REPO_URL = 'example.com/r';

function symbol(name: string, kind: SymbolFact['kind'], extra: Partial<SymbolFact> = {}): SymbolFact {
  return { name, kind, line: 1, col: 0, endLine: 1, signature: name, bodyHash: name, doc: '', exported: true, ...extra };
}

function facts(path: string, language: LanguageId, parts: Partial<FileFacts>): FileFacts {
  return { path, language, symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0, ...parts };
}

function call(caller: string, callee: CallFact['callee'], line = 5): CallFact {
  return { caller, callee, line, col: 4 };
}

/** Links every file of a tiny repo and renders edges as `type source -> target`. */
function linkRepo(files: FileFacts[], layoutFiles: Record<string, string> = {}): { edges: string[]; linked: LinkedFile[] } {
  const layout = new RepoLayout([...files.map((f) => f.path), ...Object.keys(layoutFiles)], (p) => layoutFiles[p] ?? '');
  const resolvers = { go: goResolver(layout), ts: typescriptResolver(layout) };
  const resolverFor = (f: Pick<FileFacts, 'language'>) => (f.language === 'go' ? resolvers.go : resolvers.ts);
  const table = new SymbolTable();
  for (const f of files) table.setFile(f.path, resolverFor(f).packagePath(f.path), f);
  const ctx: LinkContext = {
    repoUrl: REPO_URL, repoHash: Identity.repo(REPO_URL), serviceName: 'r', table, resolverFor,
    fileHashOf: (p) => Identity.file(Identity.repo(REPO_URL), p),
  };
  const linked = files.map((f) => linkFile(ctx, f));
  const names = new Map(linked.flatMap((l) => [...l.nodes, ...l.repoLevelNodes]).map((n) => [n.nodeHash, QualifiedName.localPart(n.qualifiedName)]));
  const edges = linked.flatMap((l) => l.edges.map((e) => `${e.edgeType} ${names.get(e.sourceHash) ?? '?'} -> ${names.get(e.targetHash) ?? 'MISSING'}`));
  return { edges: edges.sort(), linked };
}

describe('resolve/linker', () => {
  it('follows a barrel re-export and a default export to the declaring module', () => {
    const { edges } = linkRepo([
      facts('src/util/format.ts', 'typescript', { symbols: [symbol('format', 'function'), symbol('pad', 'function')], defaultExport: 'pad' }),
      facts('src/util/index.ts', 'typescript', {
        imports: [
          { source: './format', line: 1, col: 0, reexport: true, bindings: [{ imported: 'format', local: 'format' }] },
          { source: './format', line: 2, col: 0, reexport: true, bindings: [{ imported: 'default', local: 'pad' }] },
        ],
      }),
      facts('src/main.ts', 'typescript', {
        symbols: [symbol('main', 'function')],
        imports: [{ source: './util', line: 1, col: 0, bindings: [{ imported: 'format', local: 'fmt' }, { imported: 'pad', local: 'pad' }] }],
        calls: [call('main', { form: 'name', name: 'fmt' }), call('main', { form: 'name', name: 'pad' }, 6)],
      }),
    ]);
    assert.ok(edges.includes('calls src/main.main -> src/util/format.format'), edges.join('\n'));
    assert.ok(edges.includes('calls src/main.main -> src/util/format.pad'), edges.join('\n'));
    assert.ok(edges.includes('imports src/main -> src/util/index'));
  });

  it('finds an inherited method along the bases, and makes no edge for an untyped receiver', () => {
    const { edges } = linkRepo([
      facts('src/base.ts', 'typescript', { symbols: [symbol('Base', 'type'), symbol('Base.save', 'method')] }),
      facts('src/user.ts', 'typescript', {
        symbols: [symbol('User', 'type', { bases: ['Base'] }), symbol('User.register', 'method')],
        imports: [{ source: './base', line: 1, col: 0, bindings: [{ imported: 'Base', local: 'Base' }] }],
        calls: [
          call('User.register', { form: 'member', object: 'this', property: 'save', objectType: 'User' }),
          call('User.register', { form: 'member', object: 'thing', property: 'save' }, 7),
        ],
      }),
    ]);
    assert.deepEqual(edges.filter((e) => e.startsWith('calls')), ['calls src/user.User.register -> src/base.Base.save']);
  });

  it('links `new` to a declared constructor and external calls to UNRESOLVED placeholders', () => {
    const { edges, linked } = linkRepo([
      facts('src/a.ts', 'typescript', { symbols: [symbol('A', 'type'), symbol('A.constructor', 'method'), symbol('B', 'type')] }),
      facts('src/main.ts', 'typescript', {
        symbols: [symbol('main', 'function')],
        imports: [
          { source: './a', line: 1, col: 0, bindings: [{ imported: 'A', local: 'A' }, { imported: 'B', local: 'B' }] },
          { source: 'lodash', line: 2, col: 0, bindings: [{ imported: 'chunk', local: 'chunk' }] },
        ],
        calls: [
          call('main', { form: 'new', name: 'A' }),
          call('main', { form: 'new', name: 'B' }, 6),
          call('main', { form: 'name', name: 'chunk' }, 7),
          call('main', { form: 'name', name: 'setTimeout' }, 8),
        ],
      }),
    ]);
    assert.deepEqual(edges.filter((e) => e.startsWith('calls')), [
      'calls src/main.main -> UNRESOLVED/lodash.chunk',
      'calls src/main.main -> src/a.A.constructor',
      'calls src/main.main -> src/a.B',
    ]);
    assert.ok(linked[1].repoLevelNodes.some((n) => n.qualifiedName === `${REPO_URL}://UNRESOLVED/lodash.chunk`));
  });

  it('compares Go method sets within a package and treats T(x) as a conversion', () => {
    const layoutFiles = { 'go.mod': 'module example.com/r' };
    const { edges } = linkRepo([
      facts('store/store.go', 'go', { symbols: [symbol('Store', 'interface', { methods: ['Get', 'Put'] }), symbol('ID', 'type')] }),
      facts('store/mem.go', 'go', {
        symbols: [symbol('Mem', 'type'), symbol('Mem.Get', 'method'), symbol('Mem.Put', 'method'), symbol('Half', 'type'), symbol('Half.Get', 'method'), symbol('use', 'function')],
        calls: [call('use', { form: 'name', name: 'ID' })],
      }),
    ], layoutFiles);
    assert.deepEqual(edges.filter((e) => !e.startsWith('imports')), ['implements example.com/r/store.Mem -> example.com/r/store.Store']);
  });

  it('expands a gRPC registration into one route per exported method of the server type', () => {
    const { linked } = linkRepo([
      facts('server.go', 'go', {
        symbols: [symbol('server', 'type'), symbol('server.GetUser', 'method'), symbol('server.helper', 'method'), symbol('main', 'function')],
        routes: [{ method: 'GRPC', path: 'users.UserService', mappingType: 'grpc_method', handler: { form: 'new', name: 'server' }, registeredIn: 'main', framework: 'grpc', line: 9, col: 1 }],
      }),
    ], { 'go.mod': 'module example.com/r' });
    assert.deepEqual(linked[0].routes.map((r) => [r.routePattern, r.mappingType]), [['users.UserService/GetUser', 'grpc_method']]);
  });
});

describe('resolve/linker interface methods', () => {
  it('gives each required interface method a node, so calls through the interface link', () => {
    const { edges, linked } = linkRepo([
      facts('store/store.go', 'go', { symbols: [symbol('Store', 'interface', { methods: ['Get'] })] }),
      facts('store/use.go', 'go', {
        symbols: [symbol('Load', 'function')],
        calls: [call('Load', { form: 'member', object: 's', property: 'Get', objectType: 'Store' })],
      }),
    ], { 'go.mod': 'module example.com/r' });
    assert.ok(linked[0].nodes.some((n) => n.qualifiedName.endsWith('store.Store.Get') && n.kind === 'method'));
    assert.ok(edges.includes('calls example.com/r/store.Load -> example.com/r/store.Store.Get'), edges.join('\n'));
  });
});

describe('resolve/linker test symbols', () => {
  it('never links a call to a JS test named like the function it tests', () => {
    const { edges } = linkRepo([
      facts('src/parse.ts', 'typescript', { symbols: [symbol('parse', 'function')] }),
      facts('src/parse.test.ts', 'typescript', {
        symbols: [symbol('parse', 'test')],
        imports: [{ source: './parse', line: 1, col: 0, bindings: [{ imported: 'parse', local: 'parse' }] }],
        calls: [call('parse', { form: 'name', name: 'parse' })],
      }),
    ]);
    assert.deepEqual(edges.filter((e) => e.startsWith('calls')), ['calls src/parse.test.parse -> src/parse.parse']);
  });
});
