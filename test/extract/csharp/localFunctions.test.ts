import * as assert from 'node:assert/strict';
import { callAt, cs, extractCSharp, symbolNamed } from './helpers';

describe('extract/csharp local functions', () => {
  const source = cs(
    'class A {',
    '  int Helper(int x) => x;',
    '  void Outer(Repo repo) {',
    '    int Helper(int x) => x + 1;',
    '    static async Task<int> Twice<T>(T t) { await Task.Yield(); return Inner(); int Inner() => Helper(2); }',
    '    Helper(2); Twice(1); repo.Save();',
    '    Func<int> f = () => Helper(3);',
    '  }',
    '  A() { void Init() { Load(); } Init(); }',
    '  int P { get { int Calc() => Load(); return Calc(); } }',
    '  void Dup(bool b) { if (b) { void D() { Load(); } D(); } else { void D() { } D(); } }',
    '  void Load() { Helper(1); }',
    '}',
  );

  it('names local functions of methods, constructors, accessors and local functions `Type.Member>Local`', async () => {
    const facts = await extractCSharp(source);
    assert.deepEqual(facts.symbols.filter((s) => s.kind === 'function').map((s) => s.name), [
      'A.Outer>Helper', 'A.Outer>Twice', 'A.Outer>Twice>Inner', 'A.constructor>Init', 'A.P>Calc',
    ]);
    const twice = symbolNamed(facts, 'A.Outer>Twice');
    assert.equal(twice.signature, 'static async Task<int> Twice<T>(T t)');
    assert.deepEqual([twice.params, twice.results, twice.exported, twice.line], [[''], ['Task<int>'], false, 5]);
  });

  it('attributes calls inside a local function to it, and links calls by the local name in scope', async () => {
    const facts = await extractCSharp(source);
    const at = (line: number, col: number): [string, unknown] => {
      const call = callAt(facts, line, col);
      return [call.caller, call.callee];
    };
    assert.deepEqual(at(5, 70), ['A.Outer>Twice', { form: 'name', name: 'A.Outer>Twice>Inner' }]);
    // A sibling local function is in scope from a nested one, and hides the method of its name.
    assert.deepEqual(at(5, 94), ['A.Outer>Twice>Inner', { form: 'name', name: 'A.Outer>Helper' }]);
    assert.deepEqual(at(6, 4), ['A.Outer', { form: 'name', name: 'A.Outer>Helper' }]);
    assert.deepEqual(at(6, 15), ['A.Outer', { form: 'name', name: 'A.Outer>Twice' }]);
    // Lambdas are no symbols: their calls stay with the member.
    assert.deepEqual(at(7, 24), ['A.Outer', { form: 'name', name: 'A.Outer>Helper' }]);
    assert.deepEqual(at(9, 22), ['A.constructor>Init', { form: 'member', object: 'this', property: 'Load', objectType: 'A' }]);
    assert.deepEqual(at(9, 32), ['A.constructor', { form: 'name', name: 'A.constructor>Init' }]);
    assert.deepEqual(at(10, 30), ['A.P>Calc', { form: 'member', object: 'this', property: 'Load', objectType: 'A' }]);
    // Outside the member the method is meant.
    assert.deepEqual(at(12, 16), ['A.Load', { form: 'member', object: 'this', property: 'Helper', objectType: 'A' }]);
  });

  it('names no symbol for a local function declared twice in one member, and drops calls of it', async () => {
    const facts = await extractCSharp(source);
    assert.equal(facts.symbols.some((s) => s.name.startsWith('A.Dup>')), false);
    assert.deepEqual(facts.calls.filter((c) => c.line === 11).map((c) => [c.caller, c.callee]), [
      ['A.Dup', { form: 'member', object: 'this', property: 'Load', objectType: 'A' }],
    ]);
  });

  it('lets a local variable of a local function hide an outer local function', async () => {
    const facts = await extractCSharp(cs(
      'class A {',
      '  void M() {',
      '    void Run() { }',
      '    void Other(Action Run) { Run(); }',
      '    Run();',
      '  }',
      '}',
    ));
    assert.deepEqual(facts.calls.map((c) => [c.line, c.caller, c.callee]), [[5, 'A.M', { form: 'name', name: 'A.M>Run' }]]);
  });

  it('nests local functions of top-level functions under them', async () => {
    const facts = await extractCSharp(cs(
      'Run();',
      'static void Run() { Step(); void Step() { } }',
    ), 'Program.cs');
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.exported]), [['Run', true], ['Run>Step', false]]);
    assert.deepEqual(facts.calls.map((c) => [c.caller, c.callee]), [
      ['', { form: 'name', name: 'Run' }],
      ['Run', { form: 'name', name: 'Run>Step' }],
    ]);
  });
});
