import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { transitiveCallers } from '../../src/graph/traversal';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { GraphCache } from '../../src/query/graphCache';
import {
  CSHARP_APP, CSHARP_LIB, GO_APP, GO_LIB, GREETER_CLIENT, JAVA_APP, JAVA_LIB, PROTOS, PY_APP, PY_LIB, RUST_APP, RUST_LIB, TS_APP, TS_LIB,
} from '../helpers/crossRepoTrees';
import { edgeLines, indexInOrder, nodeLines } from '../helpers/crossRepoGraph';
import { liveNodes } from '../helpers/indexFixture';

describe('index: calls and imports across repositories of one graph', function () {
  this.timeout(60_000);

  for (const [language, lib, app, expected] of [
    ['Go', ['test/lib', GO_LIB], ['test/app', GO_APP], [
      'calls test/app://example.com/app.main -> test/lib://example.com/lib/greet.Greeter.Say',
      'calls test/app://example.com/app.main -> test/lib://example.com/lib/greet.Hello',
      'calls test/app://example.com/app.main -> test/lib://example.com/lib/greet.New',
    ]],
    ['TypeScript', ['test/ts-lib', TS_LIB], ['test/ts-app', TS_APP], [
      'calls test/ts-app://src/main.run -> test/ts-lib://src/client.Client',
      'calls test/ts-app://src/main.run -> test/ts-lib://src/client.Client.send',
      'calls test/ts-app://src/main.run -> test/ts-lib://src/format.format',
    ]],
    ['Python', ['test/py-lib', PY_LIB], ['test/py-app', PY_APP], [
      'calls test/py-app://app.main.main -> test/py-lib://acme.text.Box',
      'calls test/py-app://app.main.main -> test/py-lib://acme.text.Box.open',
      'calls test/py-app://app.main.main -> test/py-lib://acme.text.shout',
    ]],
    ['Java', ['test/java-lib', JAVA_LIB], ['test/java-app', JAVA_APP], [
      'calls test/java-app://com.acme.app.Main.run -> test/java-lib://com.acme.lib.Greeter.constructor',
      'calls test/java-app://com.acme.app.Main.run -> test/java-lib://com.acme.lib.Greeter.hello',
      'calls test/java-app://com.acme.app.Main.run -> test/java-lib://com.acme.lib.Greeter.say',
    ]],
    ['C#', ['test/cs-lib', CSHARP_LIB], ['test/cs-app', CSHARP_APP], [
      'calls test/cs-app://Acme.App.Program.Run -> test/cs-lib://Acme.Lib.Greeter.Hello',
      'calls test/cs-app://Acme.App.Program.Run -> test/cs-lib://Acme.Lib.Greeter.Say',
      'calls test/cs-app://Acme.App.Program.Run -> test/cs-lib://Acme.Lib.Greeter.constructor',
    ]],
    ['Rust', ['test/rust-lib', RUST_LIB], ['test/rust-app', RUST_APP], [
      'calls test/rust-app://app.main -> test/rust-lib://acme_lib/greet.Greeter.new',
      'calls test/rust-app://app.main -> test/rust-lib://acme_lib/greet.Greeter.say',
      'calls test/rust-app://app.main -> test/rust-lib://acme_lib/greet.hello',
    ]],
  ] as const) {
    it(`${language}: links an application's calls into a library indexed before or after it, to the same graph`, async () => {
      const libFirst = await indexInOrder([lib, app]);
      const appFirst = await indexInOrder([app, lib]);
      const crossing = (lines: string[]): string[] => lines.filter((l) => l.startsWith('calls') && l.includes(`${app[0]}://`) && l.includes(`-> ${lib[0]}://`));
      assert.deepEqual(crossing(await edgeLines(libFirst.store)), expected);
      assert.deepEqual(await edgeLines(appFirst.store), await edgeLines(libFirst.store), 'the same edges whichever repository came first');
      assert.deepEqual(await nodeLines(appFirst.store), await nodeLines(libFirst.store), 'and the same nodes: placeholders the link replaced are gone');
    });
  }

  it('Go: an import of the library links to its package, and a name it does not export stays a placeholder', async () => {
    const { store } = await indexInOrder([['test/app', GO_APP], ['test/lib', GO_LIB]]);
    const lines = await edgeLines(store);
    assert.ok(lines.some((l) => /^imports test\/app:\/\/\S+ -> test\/lib:\/\/example\.com\/lib\/greet/.test(l)), lines.join('\n'));
    assert.ok(lines.includes('calls test/app://example.com/app.main -> test/app://UNRESOLVED/example.com/lib/greet.Missing'), lines.join('\n'));
  });

  it('Java: `import package.*` links through the package another repository declares', async () => {
    const app = { ...JAVA_APP, 'src/main/java/com/acme/app/Main.java': JAVA_APP['src/main/java/com/acme/app/Main.java'].replace('import com.acme.lib.Greeter;', 'import com.acme.lib.*;') };
    const { store } = await indexInOrder([['test/java-app', app], ['test/java-lib', JAVA_LIB]]);
    const lines = await edgeLines(store);
    assert.ok(lines.includes('calls test/java-app://com.acme.app.Main.run -> test/java-lib://com.acme.lib.Greeter.say'), lines.join('\n'));
    assert.ok(lines.includes('calls test/java-app://com.acme.app.Main.run -> test/java-lib://com.acme.lib.Greeter.hello'), lines.join('\n'));
  });

  for (const [language, lib, app] of [
    ['Java', JAVA_LIB, JAVA_APP],
    ['C#', CSHARP_LIB, CSHARP_APP],
    ['Rust', RUST_LIB, RUST_APP],
  ] as const) {
    it(`${language}: two repositories declaring the package (or crate) the application imports link to neither`, async () => {
      const { store } = await indexInOrder([['test/lib-a', lib], ['test/lib-b', lib], ['test/app', app]]);
      const lines = await edgeLines(store);
      assert.ok(!lines.some((l) => l.startsWith('calls test/app://') && / -> test\/lib-/.test(l)), lines.join('\n'));
      assert.ok(lines.some((l) => l.startsWith('calls test/app://') && l.includes('test/app://UNRESOLVED/')), lines.join('\n'));
    });
  }

  it('the library callers of its functions include the application, for cross_repo_callers and blast_radius', async () => {
    const { store } = await indexInOrder([['test/ts-app', TS_APP], ['test/ts-lib', TS_LIB]]);
    const format = (await liveNodes(store)).find((n) => n.qualifiedName === 'test/ts-lib://src/format.format')!;
    const view = await new GraphCache(() => store).liveView();
    const callers = transitiveCallers(view, format.nodeHash).reached.map((r) => `${r.depth} ${r.node.qualifiedName}`).sort();
    assert.deepEqual(callers, ['1 test/ts-app://src/main.run', '1 test/ts-lib://src/client.Client.send']);
  });

  it('a re-index of the library that removes a function takes the application back to a placeholder', async () => {
    const { store, roots } = await indexInOrder([['test/lib', GO_LIB], ['test/app', GO_APP]]);
    fs.writeFileSync(`${roots.get('test/lib')}/greet/greet.go`, GO_LIB['greet/greet.go'].replace('func Hello() string { return New("x").Say() }', ''));
    await new RepoIndexer(store).index({ repoPath: roots.get('test/lib')!, repoUrl: 'test/lib' });
    const lines = await edgeLines(store);
    assert.ok(lines.includes('calls test/app://example.com/app.main -> test/app://UNRESOLVED/example.com/lib/greet.Hello'), lines.join('\n'));
    assert.ok(lines.includes('calls test/app://example.com/app.main -> test/lib://example.com/lib/greet.New'), lines.join('\n'));
  });

  it('a library emptied of its files (or its manifest) gives the application its placeholders back, and indexing it again links it again', async () => {
    const { store, roots } = await indexInOrder([['test/ts-lib', TS_LIB], ['test/ts-app', TS_APP]]);
    const lib = roots.get('test/ts-lib')!;
    const linked = await edgeLines(store);
    for (const file of Object.keys(TS_LIB)) fs.rmSync(`${lib}/${file}`);
    await new RepoIndexer(store).index({ repoPath: lib, repoUrl: 'test/ts-lib' });
    const alone = (await edgeLines(store)).filter((l) => l.startsWith('calls test/ts-app://'));
    assert.deepEqual(alone, [
      'calls test/ts-app://src/main.run -> test/ts-app://UNRESOLVED/@acme/lib.Client',
      'calls test/ts-app://src/main.run -> test/ts-app://UNRESOLVED/@acme/lib.Client.send',
      'calls test/ts-app://src/main.run -> test/ts-app://UNRESOLVED/@acme/lib.format',
    ]);
    assert.ok(!(await store.repoProvides()).some((p) => p.name === '@acme/lib'), 'the emptied library provides nothing');
    for (const [file, text] of Object.entries(TS_LIB)) {
      fs.mkdirSync(`${lib}/${file}`.replace(/\/[^/]+$/, ''), { recursive: true });
      fs.writeFileSync(`${lib}/${file}`, text);
    }
    await new RepoIndexer(store).index({ repoPath: lib, repoUrl: 'test/ts-lib' });
    assert.deepEqual(await edgeLines(store), linked);
  });

  it('a client of a gRPC stub generated in another repository calls the rpc of that repository\'s proto, in either order', async () => {
    const expected = 'calls test/caller://example.com/caller.greet -> test/protos://hello.Greeter.SayHello';
    for (const order of [[['test/protos', PROTOS], ['test/caller', GREETER_CLIENT]], [['test/caller', GREETER_CLIENT], ['test/protos', PROTOS]]] as const) {
      const { store } = await indexInOrder(order);
      assert.ok((await edgeLines(store)).includes(expected), order.map(([url]) => url).join(' then '));
    }
  });
});
