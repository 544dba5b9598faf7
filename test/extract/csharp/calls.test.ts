import * as assert from 'node:assert/strict';
import { callAt, cs, extractCSharp } from './helpers';

describe('extract/csharp calls', () => {
  it('types receivers from parameters, locals, fields, properties, this and base', async () => {
    const facts = await extractCSharp(cs(
      'class Service : BaseService, IService {',
      '  private readonly IRepo _repo;',
      '  public Cache Cache { get; }',
      '  public void Run(Store store, Store? maybe, Store[] many) {',
      '    _repo.Get(1);',
      '    store.Put();',
      '    maybe.Put();',
      '    many.Clone();',
      '    var created = new Store();',
      '    created.Put();',
      '    Store typed = Make();',
      '    typed.Put();',
      '    var unknown = Make();',
      '    unknown.Put();',
      '    Cache.Clear();',
      '    this._repo.Get(2);',
      '    this.Stop();',
      '    base.Stop();',
      '    Stop();',
      '  }',
      '  void Stop() { }',
      '}',
    ));
    const callee = (line: number, col: number) => callAt(facts, line, col).callee;
    assert.deepEqual(callee(5, 10), { form: 'member', object: '_repo', property: 'Get', objectType: 'IRepo' });
    assert.deepEqual(callee(6, 10), { form: 'member', object: 'store', property: 'Put', objectType: 'Store' });
    assert.deepEqual(callee(7, 10), { form: 'member', object: 'maybe', property: 'Put', objectType: 'Store' });
    assert.deepEqual(callee(8, 9), { form: 'member', object: 'many', property: 'Clone' });
    assert.deepEqual(callee(9, 22), { form: 'new', name: 'Store' });
    assert.deepEqual(callee(10, 12), { form: 'member', object: 'created', property: 'Put', objectType: 'Store' });
    assert.deepEqual(callee(12, 10), { form: 'member', object: 'typed', property: 'Put', objectType: 'Store' });
    // `var unknown = Make()`: the result of Service.Make, for the resolver to read.
    assert.deepEqual(callee(14, 12), {
      form: 'member', object: 'unknown', property: 'Put',
      receiverType: { t: 'result', call: { form: 'member', object: 'this', property: 'Make', objectType: 'Service' } },
    });
    assert.deepEqual(callee(15, 10), { form: 'member', object: 'Cache', property: 'Clear', objectType: 'Cache' });
    assert.deepEqual(callee(16, 15), { form: 'member', object: 'this._repo', property: 'Get', objectType: 'IRepo' });
    assert.deepEqual(callee(17, 9), { form: 'member', object: 'this', property: 'Stop', objectType: 'Service' });
    assert.deepEqual(callee(18, 9), { form: 'member', object: 'base', property: 'Stop', objectType: 'BaseService' });
    assert.deepEqual(callee(19, 4), { form: 'member', object: 'this', property: 'Stop', objectType: 'Service' });
    assert.ok(facts.calls.every((c) => c.caller === 'Service.Run'));
  });

  it('reads static calls on type names, qualified and target-typed construction', async () => {
    const facts = await extractCSharp(cs(
      'class A {',
      '  void M() {',
      '    Pricing.Total(1);',
      '    int.Parse("1");',
      '    var x = new Models.Order();',
      '    Order y = new();',
      '    var z = new List<Order>();',
      '    helper.Run();',
      '    a?.Go();',
      '    Make().Then();',
      '    Generic<int>(1);',
      '    var n = nameof(M);',
      '  }',
      '}',
    ));
    assert.deepEqual(facts.calls.map((c) => [c.line, c.col, c.callee]), [
      [3, 12, { form: 'member', object: 'Pricing', property: 'Total', objectType: 'Pricing' }],
      [4, 8, { form: 'member', object: 'int', property: 'Parse' }],
      [5, 23, { form: 'new', name: 'Order', object: 'Models' }],
      [6, 14, { form: 'new', name: 'Order' }],
      [7, 16, { form: 'new', name: 'List' }],
      [8, 11, { form: 'member', object: 'helper', property: 'Run' }],
      [9, 7, { form: 'member', object: 'a', property: 'Go' }],
      [10, 4, { form: 'member', object: 'this', property: 'Make', objectType: 'A' }],
      [10, 11, { form: 'member', object: 'Make()', property: 'Then', receiverType: { t: 'result', call: { form: 'member', object: 'this', property: 'Make', objectType: 'A' } } }],
      [11, 4, { form: 'member', object: 'this', property: 'Generic', objectType: 'A' }],
    ]);
  });

  it('lets locals and lambda parameters hide fields, drops calls of delegates and links local functions', async () => {
    const facts = await extractCSharp(cs(
      'class A {',
      '  private Repo repo;',
      '  private Action onDone;',
      '  void M(Func<int> callback) {',
      '    items.ForEach(repo => repo.Save());',
      '    callback();',
      '    onDone();',
      '    Local();',
      '    void Local() { }',
      '  }',
      '  void N() { repo.Save(); }',
      '}',
    ));
    assert.deepEqual(callAt(facts, 5, 31).callee, { form: 'member', object: 'repo', property: 'Save' });
    assert.equal(facts.calls.filter((c) => c.line >= 6 && c.line <= 7).length, 0);
    assert.deepEqual(callAt(facts, 8, 4).callee, { form: 'name', name: 'A.M>Local' });
    assert.deepEqual(callAt(facts, 11, 18).callee, { form: 'member', object: 'repo', property: 'Save', objectType: 'Repo' });
  });

  it('picks the overload the argument count fits, and drops the call when none or several fit', async () => {
    const facts = await extractCSharp(cs(
      'class Repo {',
      '  public Repo() { }',
      '  public Repo(int size) { }',
      '  void Save(Order o) => Save(o, true);',
      '  void Save(Order o, bool overwrite) { }',
      '  void Save(Order o, string tag, int n) { }',
      '  void Use(Repo other) {',
      '    other.Save(null);',
      '    Save(null, "x", 1, 2);',
      '    var r = new Repo(3);',
      '    var s = new Repo(1, 2);',
      '  }',
      '}',
    ));
    assert.deepEqual(facts.calls.map((c) => [c.line, c.col, c.callee]), [
      [4, 24, { form: 'member', object: 'this', property: 'Save(Order,bool)', objectType: 'Repo' }],
      [8, 10, { form: 'member', object: 'other', property: 'Save(Order)', objectType: 'Repo' }],
      [10, 16, { form: 'member', object: 'Repo', property: 'constructor(int)', objectType: 'Repo' }],
    ]);
    const ambiguous = await extractCSharp(cs(
      'class Repo {',
      '  void Save(Order o, bool overwrite) { }',
      '  void Save(Order o, string tag = "") { }',
      '  void Use() { Save(null, true); }',
      '}',
    ));
    assert.deepEqual(ambiguous.calls, []);
  });

  it('names the caller: member, type for initializers and properties, empty at top level', async () => {
    const facts = await extractCSharp(cs(
      'Run();',
      'static void Run() { Helper(); }',
      'class A {',
      '  static readonly B Shared = B.Create();',
      '  int Count => Compute();',
      '  A() { Init(); }',
      '}',
    ), 'Program.cs');
    assert.deepEqual(facts.calls.map((c) => [c.line, c.caller, c.callee.form === 'member' ? c.callee.property : c.callee.name]), [
      [1, '', 'Run'], [2, 'Run', 'Helper'], [4, 'A', 'Create'], [5, 'A', 'Compute'], [6, 'A.constructor', 'Init'],
    ]);
    assert.deepEqual(callAt(facts, 1, 0).callee, { form: 'name', name: 'Run' });
  });
});
