import * as assert from 'node:assert/strict';
import { REPO_URL, call, facts, linkRepo, symbol } from '../helpers/linkRepo';

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

  it('links every call of a callee a file writes many times, from each caller, with each site', () => {
    const repeated = { form: 'name', name: 'format' } as const;
    const { edges, linked } = linkRepo([
      facts('src/format.ts', 'typescript', { symbols: [symbol('format', 'function')] }),
      facts('src/main.ts', 'typescript', {
        symbols: [symbol('main', 'function'), symbol('other', 'function')],
        imports: [{ source: './format', line: 1, col: 0, bindings: [{ imported: 'format', local: 'format' }] }],
        calls: [
          call('main', repeated, 5), call('main', { ...repeated }, 6), call('other', { ...repeated }, 9),
          call('main', { form: 'name', name: 'missing' }, 7), call('other', { form: 'name', name: 'missing' }, 10),
        ],
        references: [
          { from: 'main', target: { form: 'name', name: 'format' }, line: 5, col: 0 },
          { from: 'other', target: { form: 'name', name: 'format' }, line: 9, col: 0 },
        ],
      }),
    ]);
    assert.deepEqual(edges.filter((e) => e.includes('format')), [
      'calls src/main.main -> src/format.format', 'calls src/main.other -> src/format.format',
      'imports src/main -> src/format',
      'references src/main.main -> src/format.format', 'references src/main.other -> src/format.format',
    ]);
    assert.equal(edges.filter((e) => e.startsWith('calls') && e.includes('missing')).length, 2, edges.join('\n'));
    const mainCallsFormat = linked[1]!.edges.filter((e) => e.edgeType === 'calls' && e.callSiteLine === 5);
    assert.equal(mainCallsFormat.length, 1, 'one edge from main to format');
    assert.deepEqual(mainCallsFormat[0]!.laterCallSites.map((site) => site.line), [6]);
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

  it('compares Go method sets with their types across packages and treats T(x) as a conversion', () => {
    const layoutFiles = { 'go.mod': 'module example.com/r' };
    const get = { params: ['string'], results: ['*Item', 'error'] };
    const put = { params: ['string', '*Item'], results: [] };
    const { edges } = linkRepo([
      facts('store/store.go', 'go', {
        symbols: [
          symbol('Store', 'interface', { methods: ['Get', 'Put'] }), symbol('Store.Get', 'method', get), symbol('Store.Put', 'method', put),
          symbol('Item', 'type'), symbol('ID', 'type'),
        ],
      }),
      facts('store/mem.go', 'go', {
        symbols: [
          symbol('Mem', 'type'), symbol('Mem.Get', 'method', get), symbol('Mem.Put', 'method', put),
          symbol('Half', 'type'), symbol('Half.Get', 'method', get), symbol('use', 'function'),
        ],
        calls: [call('use', { form: 'name', name: 'ID' })],
      }),
      facts('other/other.go', 'go', {
        imports: [{ source: 'example.com/r/store', line: 1, col: 0, bindings: [{ imported: '*', local: 'store' }] }],
        symbols: [
          symbol('Remote', 'type'), symbol('Remote.Get', 'method', { params: ['string'], results: ['*store.Item', 'error'] }),
          symbol('Remote.Put', 'method', { params: ['string', '*store.Item'], results: [] }),
          symbol('Keyed', 'type'), symbol('Keyed.Get', 'method', { params: ['int'], results: ['*store.Item', 'error'] }),
          symbol('Keyed.Put', 'method', { params: ['string', '*store.Item'], results: [] }),
        ],
      }),
    ], layoutFiles);
    assert.deepEqual(edges.filter((e) => !e.startsWith('imports')).sort(), [
      'implements example.com/r/other.Remote -> example.com/r/store.Store',
      'implements example.com/r/store.Mem -> example.com/r/store.Store',
    ]);
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

  it('gives a route whose handler does not resolve no handler: never the function that registers it', () => {
    const { edges, linked } = linkRepo([
      facts('src/app.ts', 'typescript', {
        symbols: [symbol('mount', 'function')],
        routes: [
          { method: 'POST', path: '/users', mappingType: 'http_route', handler: null, registeredIn: 'mount', framework: 'express', line: 3, col: 6 },
          { method: 'GRPC', path: 'Users', mappingType: 'grpc_method', handler: { form: 'name', name: 'nowhere' }, registeredIn: 'mount', framework: 'grpc-js', line: 4, col: 9 },
        ],
      }),
    ]);
    assert.deepEqual(edges.filter((e) => e.startsWith('handles_route')), []);
    const routeNodes = new Map(linked[0].nodes.filter((n) => n.kind === 'route').map((n) => [n.nodeHash, n.qualifiedName]));
    assert.deepEqual(linked[0].routes, []);
    assert.deepEqual(linked[0].fallbackRoutes.map((r) => [r.routePattern, routeNodes.get(r.nodeHash)]), [
      ['POST /users', `${REPO_URL}://src/app.POST /users`],
      ['Users/*', `${REPO_URL}://src/app.GRPC Users/*`],
    ]);
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

describe('resolve/linker instantiation through a module', () => {
  it('links mod.C() to the constructor C declares, as C() is', () => {
    const { edges } = linkRepo([
      facts('pkg/models.py', 'python', { symbols: [symbol('User', 'type'), symbol('User.__init__', 'method')] }),
      facts('pkg/app.py', 'python', {
        imports: [{ source: 'pkg.models', line: 1, col: 0, bindings: [{ imported: '*', local: 'models' }] }],
        symbols: [symbol('main', 'function')],
        calls: [call('main', { form: 'member', object: 'models', property: 'User' })],
      }),
    ]);
    assert.ok(edges.includes('calls pkg.app.main -> pkg.models.User.__init__'), edges.join('\n'));
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
