import * as assert from 'node:assert/strict';
import { typescriptTypeSyntax } from '../../../src/resolve/languages/typescriptTypes';

describe('resolve/languages/typescriptTypes', () => {
  it('names a type, also one declared in a function or a test, and nothing for other types', () => {
    const { named } = typescriptTypeSyntax;
    assert.equal(named('Foo'), 'Foo');
    assert.equal(named('ns.Foo'), 'ns.Foo');
    assert.equal(named('Foo<T, Map<K, V>>'), 'Foo');
    assert.equal(named('Foo | null'), 'Foo');
    assert.equal(named('outer>Local'), 'outer>Local');
    assert.equal(named('outer>inner>Local'), 'outer>inner>Local');
    assert.equal(named('reactive/Array > subclasses: arrays>SubArray'), 'reactive/Array > subclasses: arrays>SubArray', 'a test\'s titles');
    for (const type of ['x > y', '(a: A) =>B', '>Foo', 'Foo<T', 'Foo[]', 'string', 'A | B']) assert.equal(named(type), undefined, type);
    // Linear in the length: a pattern with nested repeats took minutes on this.
    assert.equal(named(`${'a > '.repeat(20_000)}(`), undefined);
  });

  it('reads an indexed access type as the type and the property it names, and nothing else as one', () => {
    const indexedAccess = (type: string) => typescriptTypeSyntax.indexedAccess!(type);
    assert.deepEqual(indexedAccess('App["scene"]'), { object: 'App', key: 'scene' });
    assert.deepEqual(indexedAccess(" Store['log'] "), { object: 'Store', key: 'log' });
    assert.deepEqual(indexedAccess('View["log"]["entries"]'), { object: 'View["log"]', key: 'entries' });
    for (const type of ['Foo[]', 'Record<K, V>', 'T[number]', 'T[K]', 'A["b" | "c"]', '[A, B]']) assert.equal(indexedAccess(type), undefined, type);
    // Linear in the length, as every type read here.
    assert.equal(indexedAccess(`${'a '.repeat(20_000)}"]`), undefined);
  });

  const argument = (type: string, index: number, count: number): string | null | undefined =>
    typescriptTypeSyntax.argument!(type, index, count);

  it('gives the parameter an argument binds to, and null where the signature takes another count', () => {
    const signature = '(p0: string, p1: (c: Context) => void, p2?: Options) => App';
    assert.equal(argument(signature, 1, 2), '(c: Context) => void');
    assert.equal(argument(signature, 2, 3), 'Options');
    assert.equal(argument(signature, 0, 1), null, 'two parameters are required');
    assert.equal(argument(signature, 0, 4), null, 'three at most');
    assert.equal(argument('() => void', 0, 0), null);
    assert.equal(argument('Handler', 0, 1), undefined, 'a name is no signature');
  });

  it('reads rest parameters as arrays and tuples, fixed or open-ended', () => {
    assert.equal(argument('(p0: string, ...p1: Middleware[]) => App', 3, 4), 'Middleware');
    assert.equal(argument('(...p0: Array<Middleware>) => App', 0, 1), 'Middleware');
    const pair = '(...p0: [H<unknown> & unknown, H<unknown>]) => App';
    assert.equal(argument(pair, 0, 2), 'H<unknown>', 'an intersection with a type parameter is the rest of it');
    assert.equal(argument(pair, 1, 2), 'H<unknown>');
    assert.equal(argument(pair, 0, 3), null);
    const open = '(p0: unknown, ...p1: [H, ...M[]]) => App';
    assert.equal(argument(open, 1, 2), 'H');
    assert.equal(argument(open, 3, 4), 'M');
    assert.equal(argument(open, 0, 1), null, 'the tuple needs one element');
    assert.equal(argument('(...p0: [first: A, second?: B]) => void', 1, 2), 'B');
    assert.equal(argument('(...p0: [first: A, second?: B]) => void', 0, 1), 'A');
    assert.equal(argument('(...p0: [...A[], B]) => void', 0, 1), undefined, 'a rest element before the end');
  });

  it('reads a function type whose result is a union as one function type', () => {
    const handler = '(err: Error | HttpError, c: Context) => Response | Promise<Response>';
    assert.equal(typescriptTypeSyntax.alternatives!(handler), undefined);
    assert.equal(typescriptTypeSyntax.parameter!(handler, 1), 'Context');
    assert.equal(typescriptTypeSyntax.result!(handler, 0), 'Response | Promise<Response>');
    assert.deepEqual(typescriptTypeSyntax.alternatives!('Handler | Middleware'), ['Handler', 'Middleware']);
    assert.equal(typescriptTypeSyntax.result!('Handler', 0), undefined);
  });

  it('knows the types no function can be passed as', () => {
    const { primitive } = typescriptTypeSyntax;
    for (const type of ['string', "'get' | 'post'", '`/${string}`', 'number | undefined', '42']) assert.equal(primitive!(type), true, type);
    for (const type of ['unknown', 'Handler', 'string | Handler', '(c: Context) => void', 'any']) assert.equal(primitive!(type), false, type);
  });
});
