import * as assert from 'node:assert/strict';
import { extract, lines, symbolNamed } from './helpers';

describe('extract/typescript callables', () => {
  it('writes how functions, methods and interfaces are called, type parameters read unknown or as their primitive constraint', async () => {
    const facts = await extract('src/app.ts', lines(
      'export function each<T>(items: T[], visit: (item: T, index: number) => void, limit?: number): Set<T> { return new Set() }',
      'export class App<E> {',
      '  use(this: App<E>, path: string = "/", ...middleware: Middleware<E>[]): App<E> { return this }',
      '  handle = (c: Context<E>): void => {}',
      '}',
      'export interface Route<E> {',
      '  (handler: H<E>): App<E>',
      '  <P extends string>(path: P, ...handlers: [H<E>, ...H<E>[]]): App<E>',
      '  get(key: string): Item',
      '  get(key: string, fallback: Item): Item',
      '}',
      'export function isItem(value: unknown): value is Item { return true }',
    ));
    assert.deepEqual(symbolNamed(facts, 'each').callable, ['(p0: unknown[], p1: (item: unknown, index: number) => void, p2?: number) => Set<unknown>']);
    assert.deepEqual(symbolNamed(facts, 'App.use').callable, ['(p0?: string, ...p1: Middleware<unknown>[]) => App<unknown>'], 'this: is no parameter; a default makes one optional');
    assert.deepEqual(symbolNamed(facts, 'App.handle').callable, ['(p0: Context<unknown>) => void']);
    assert.deepEqual(symbolNamed(facts, 'Route').callable, [
      '(p0: H<unknown>) => App<unknown>',
      '(p0: string, ...p1: [H<unknown>, ...H<unknown>[]]) => App<unknown>',
    ]);
    assert.deepEqual(symbolNamed(facts, 'Route.get').callable, ['(p0: string) => Item', '(p0: string, p1: Item) => Item'], 'overloads are several');
    assert.deepEqual(symbolNamed(facts, 'isItem').callable, ['(p0: unknown) => unknown'], 'a type predicate returns no Item');
  });

  it('types a callback parameter by the call it is passed to', async () => {
    const facts = await extract('src/app.ts', lines(
      'import { app } from "./app"',
      'app.get("/", (c, next) => c.text("hi"))',
      'app.use(...handlers, (c) => c.text("spread"))',
      'app.use(limit({ size: 1, onError: (c) => c.text("big") }))',
      'define({ setup(job) { job.run() } })',
    ));
    const text = facts.calls.filter((call) => call.callee.form === 'member' && call.callee.property === 'text');
    const [typed, spread] = text.map((call) => (call.callee.form === 'member' ? call.callee.receiverType : undefined));
    assert.deepEqual(typed, {
      t: 'callback', call: { form: 'member', object: 'app', property: 'get', receiverType: { t: 'value', of: { form: 'name', name: 'app' } } },
      argument: 1, arguments: 2, index: 0,
    });
    assert.equal(spread, undefined, 'after a spread the argument position is unknown');
    const [, , property] = text.map((call) => (call.callee.form === 'member' ? call.callee.receiverType : undefined));
    assert.deepEqual(property, { t: 'callback', call: { form: 'name', name: 'limit' }, argument: 0, arguments: 1, index: 0, property: 'onError' });
    const run = facts.calls.find((call) => call.callee.form === 'member' && call.callee.property === 'run');
    assert.deepEqual(run?.callee.form === 'member' ? run.callee.receiverType : undefined,
      { t: 'callback', call: { form: 'name', name: 'define' }, argument: 0, arguments: 1, index: 0, property: 'setup' }, 'an object literal\'s method too');
  });

  it('reads a getter as a field of its type and a generic alias with its parameters unknown', async () => {
    const facts = await extract('src/context.ts', lines(
      'export class Context {',
      '  get req(): Request { return new Request() }',
      '}',
      'export type Handler<E> = (c: Context<E>) => unknown',
      'export type Maybe<T> = T | null',
      'export type Options<E> = { store: Store; retries?: number; onError?: (c: Context<E>) => void }',
      'export type Either<E> = Left<E> | Right<E>',
      'export type Held = Store<Item> | undefined',
    ));
    assert.deepEqual(symbolNamed(facts, 'Context').fields, [{ name: 'req', type: 'Request' }]);
    assert.equal(symbolNamed(facts, 'Handler').underlying, '(c: Context<unknown>) => unknown');
    assert.equal(symbolNamed(facts, 'Maybe').underlying, 'unknown | null');
    assert.equal(symbolNamed(facts, 'Maybe').bases, undefined, 'unknown is no base');
    assert.deepEqual(symbolNamed(facts, 'Options').fields, [
      { name: 'store', type: 'Store' }, { name: 'retries', type: '' }, { name: 'onError', type: '(c: Context<unknown>) => void' },
    ], 'a type literal\'s properties are fields');
    assert.equal(symbolNamed(facts, 'Either').bases, undefined, 'a union of two generic types names neither');
    assert.deepEqual(symbolNamed(facts, 'Held').bases, ['Store']);
  });
});
