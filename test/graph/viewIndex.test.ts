import * as assert from 'node:assert/strict';
import { compareStrings, filesAtPath, nodesNamed, nodesOfFile, packagePathOf } from '../../src/graph/viewIndex';
import { GraphBuilder } from '../helpers/graphBuilder';

describe('graph/viewIndex', () => {
  const g = new GraphBuilder('example.com/app')
    .node('example.com/app/cart/cart.go', { kind: 'module', file: 'cart/cart.go' })
    .node('example.com/app/cart', { kind: 'module' })
    .node('example.com/app/cart.Cart.Add', { kind: 'method', file: 'cart/cart.go' })
    .node('app.api', { kind: 'module', file: 'app/api.py' })
    .node('app.api.Handler.get', { kind: 'method', file: 'app/api.py' })
    .node('src/a.spec', { kind: 'module', file: 'src/a.spec.ts' })
    .node('src/a.spec.A > b.c', { kind: 'test', file: 'src/a.spec.ts' })
    .node('loose.Thing.member', { file: 'loose.py' })
    .node('UNRESOLVED/fmt.Println')
    .node('shared.Name', { kind: 'function', file: 'x.py' })
    .node('shared.Name', { kind: 'type', file: 'x.py' })
    .node('pkg.Fn', { repo: 'other.com/lib', file: 'cart/cart.go' });
  const view = g.build();
  const node = (name: string) => view.nodes.get(g.hash(name))!;

  it('finds nodes by exact qualified name, else by local part in any repository', () => {
    assert.deepEqual(nodesNamed(view, 'example.com/app://shared.Name').map((n) => n.kind), ['function', 'type']);
    assert.deepEqual(nodesNamed(view, 'pkg.Fn').map((n) => n.qualifiedName), ['other.com/lib://pkg.Fn']);
    assert.deepEqual(nodesNamed(view, 'missing.Name'), []);
  });

  it('lists the nodes of a file and the files at a path across repositories', () => {
    const [appFile, libFile] = [node('example.com/app/cart.Cart.Add').fileHash, view.nodes.get(g.hash('other.com/lib://pkg.Fn'))!.fileHash];
    assert.deepEqual(nodesOfFile(view, appFile).map((n) => n.qualifiedName).sort(),
      ['example.com/app://example.com/app/cart.Cart.Add', 'example.com/app://example.com/app/cart/cart.go']);
    assert.deepEqual(filesAtPath(view, 'cart/cart.go').map((f) => f.fileHash).sort(), [appFile, libFile].sort());
    assert.deepEqual(filesAtPath(view, 'nope.go'), []);
  });

  it('derives package paths from the file module node, per language', () => {
    assert.equal(packagePathOf(view, node('example.com/app/cart.Cart.Add')), 'example.com/app/cart', 'Go: the file module minus /<file>.go');
    assert.equal(packagePathOf(view, node('example.com/app/cart/cart.go')), 'example.com/app/cart');
    assert.equal(packagePathOf(view, node('example.com/app/cart')), 'example.com/app/cart', 'a Go package node is its own package');
    assert.equal(packagePathOf(view, node('app.api.Handler.get')), 'app.api', 'Python: the dotted module');
    assert.equal(packagePathOf(view, node('src/a.spec.A > b.c')), 'src/a.spec', 'TS: the file path without extension, dots and all');
    assert.equal(packagePathOf(view, node('loose.Thing.member')), 'loose.Thing', 'no module node: drop the last segment');
    assert.equal(packagePathOf(view, node('UNRESOLVED/fmt.Println')), 'UNRESOLVED/fmt');
  });

  it('compares strings by code unit, independent of locale', () => {
    assert.deepEqual(['b', 'B', 'a', 'é'].sort(compareStrings), ['B', 'a', 'b', 'é']);
    assert.equal(compareStrings('x', 'x'), 0);
  });
});
