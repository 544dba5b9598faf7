import * as assert from 'node:assert/strict';
import type { FileFacts } from '../../src/extract/facts';
import { extractFile } from '../../src/extract/parser';
import { javaResolver } from '../../src/resolve/languages/java';
import { RepoLayout } from '../../src/resolve/layout';
import { facts, linkRepo, symbol } from '../helpers/linkRepo';

async function extracted(files: Record<string, string>): Promise<FileFacts[]> {
  return Promise.all(Object.entries(files).map(async ([path, source]) => (await extractFile(path, source))!));
}

describe('resolve/java', () => {
  const layout = new RepoLayout([
    'app/src/main/java/com/example/users/UserService.java',
    'app/src/test/java/com/example/users/UserServiceTest.java',
    'Main.java',
    'README.md',
  ], () => '');

  it('places a file in its declared package, or in its directory without one', () => {
    const resolver = javaResolver(layout);
    assert.equal(resolver.packagePath('app/src/main/java/com/example/users/UserService.java', { packageName: 'com.example.users' }), 'com.example.users');
    assert.equal(resolver.packagePath('tools/Script.java', { packageName: '' }), 'tools');
    assert.equal(resolver.packagePath('Main.java', { packageName: '' }), '.');
    assert.equal(resolver.moduleNodePath('app/src/main/java/com/example/users/UserService.java', { packageName: 'com.example.users' }), 'com.example.users/UserService.java');
    assert.equal(resolver.packageScope, true);
  });

  it('counts a package as in the repo when a directory of .java files ends with its path', () => {
    const resolver = javaResolver(layout);
    assert.deepEqual(resolver.resolveImport('com.example.users', 'x.java'), { inRepo: true, packagePath: 'com.example.users' });
    assert.deepEqual(resolver.resolveImport('example.users', 'x.java'), { inRepo: true, packagePath: 'example.users' });
    assert.deepEqual(resolver.resolveImport('com.example', 'x.java'), { inRepo: false, module: 'com.example' });
    assert.deepEqual(resolver.resolveImport('java.util', 'x.java'), { inRepo: false, module: 'java.util' });
    assert.equal(resolver.isBuiltin('println'), false);
    assert.equal(resolver.isBuiltin('StringBuilder'), true);
    assert.equal(resolver.isBuiltin('IllegalStateException'), true);
    assert.equal(resolver.isBuiltin('UserService'), false);
  });

  it('links imported nested classes, static imports, same-package nested classes and interfaces', async () => {
    const { edges } = linkRepo(await extracted({
      'src/com/example/model/Order.java': [
        'package com.example.model;',
        'public class Order {',
        '    public static class Line { public long total() { return 0; } }',
        '}',
      ].join('\n'),
      'src/com/example/util/Strings.java': [
        'package com.example.util;',
        'public final class Strings { public static String slug(String s) { return s; } }',
      ].join('\n'),
      'src/com/example/app/Cart.java': [
        'package com.example.app;',
        'public class Cart implements Priced {',
        '    public static class Item { public void add() {} }',
        '    public long price() { return 0; }',
        '}',
      ].join('\n'),
      'src/com/example/app/Priced.java': 'package com.example.app;\npublic interface Priced { long price(); }\n',
      'src/com/example/app/NotFoundException.java': 'package com.example.app;\nclass NotFoundException extends RuntimeException {}\n',
      'src/com/example/app/Checkout.java': [
        'package com.example.app;',
        'import static com.example.util.Strings.slug;',
        'import com.example.model.Order.Line;',
        'class Checkout {',
        '    void run(Line line, Cart.Item item, Priced priced) {',
        '        line.total();',
        '        slug("x");',
        '        item.add();',
        '        priced.price();',
        '        if (item == null) throw new NotFoundException();',
        '        throw new IllegalStateException("java.lang: no edge");',
        '    }',
        '}',
      ].join('\n'),
    }));
    for (const expected of [
      'calls com.example.app.Checkout.run -> com.example.model.Order.Line.total',
      'calls com.example.app.Checkout.run -> com.example.util.Strings.slug',
      'calls com.example.app.Checkout.run -> com.example.app.Cart.Item.add',
      'calls com.example.app.Checkout.run -> com.example.app.Priced.price',
      'calls com.example.app.Checkout.run -> com.example.app.NotFoundException',
      'implements com.example.app.Cart -> com.example.app.Priced',
      'imports com.example.app/Checkout.java -> com.example.model',
      'imports com.example.app/Checkout.java -> com.example.util',
    ]) assert.ok(edges.includes(expected), `missing ${expected} in\n${edges.join('\n')}`);
    assert.ok(!edges.some((e) => e.includes('IllegalStateException')), edges.join('\n'));
  });

  it('serves a proto service\'s rpcs with the gRPC-java implementation\'s methods', async () => {
    const [impl] = await extracted({
      'src/main/java/com/example/grpc/GreeterImpl.java': [
        'package com.example.grpc;',
        'import io.grpc.examples.helloworld.GreeterGrpc;',
        'public class GreeterImpl extends GreeterGrpc.GreeterImplBase {',
        '    @Override public void sayHello(HelloRequest request, StreamObserver<HelloReply> out) {}',
        '    private void log() {}',
        '}',
      ].join('\n'),
    });
    const proto = facts('src/main/proto/greeter.proto', 'proto', {
      packageName: 'helloworld',
      symbols: [
        symbol('Greeter', 'service', { packagePath: 'helloworld', keys: ['proto:service:Greeter'] }),
        symbol('Greeter.SayHello', 'rpc', { packagePath: 'helloworld' }),
      ],
    });
    const { linked, edges } = linkRepo([proto, impl!]);
    assert.deepEqual(linked[1]!.routes.map((r) => r.routePattern), ['helloworld.Greeter/SayHello']);
    assert.ok(edges.includes('handles_route com.example.grpc.GreeterImpl.sayHello -> com.example.grpc.GRPC helloworld.Greeter/SayHello'), edges.join('\n'));
  });
});
