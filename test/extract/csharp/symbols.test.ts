import * as assert from 'node:assert/strict';
import { cs, extractCSharp } from './helpers';

describe('extract/csharp symbols', () => {
  it('reads types, interfaces, members, constants and the namespace as package', async () => {
    const facts = await extractCSharp(cs(
      'namespace Shop.Services;',
      '/// <summary>Keeps orders.</summary>',
      'public interface IRepo : IBase { Order Find(string id); void Save(Order o); }',
      'public class Repo : BaseRepo, IRepo',
      '{',
      '    public const int Max = 3;',
      '    private static readonly string Prefix = "o-", Suffix = "";',
      '    private readonly Dictionary<string, Order> _items = new();',
      '    public Repo(int capacity) { }',
      '    public Order Find(string id) => null;',
      '    public void Save(Order o) { }',
      '    string Name { get; set; }',
      '    static Repo() { }',
      '}',
      'internal record struct Point(int X, int Y);',
      'public enum Color : byte { Red }',
      'public delegate void Handler(int x);',
    ));
    assert.equal(facts.packageName, 'Shop.Services');
    assert.deepEqual(facts.symbols.map((s) => [s.kind, s.name, s.line, s.col, s.exported]), [
      ['interface', 'IRepo', 3, 17, true],
      ['type', 'Repo', 4, 13, true],
      ['type', 'Point', 15, 23, true],
      ['type', 'Color', 16, 12, true],
      ['type', 'Handler', 17, 21, true],
      ['method', 'IRepo.Find', 3, 39, true],
      ['method', 'IRepo.Save', 3, 61, true],
      ['constant', 'Repo.Max', 6, 21, true],
      ['constant', 'Repo.Prefix', 7, 35, false],
      ['constant', 'Repo.Suffix', 7, 50, false],
      ['method', 'Repo.constructor', 9, 11, true],
      ['method', 'Repo.Find', 10, 17, true],
      ['method', 'Repo.Save', 11, 16, true],
    ]);
    const iface = facts.symbols[0]!;
    assert.deepEqual([iface.methods, iface.bases, iface.doc, iface.signature], [['Find', 'Save'], ['IBase'], 'Keeps orders.', 'public interface IRepo : IBase']);
    assert.deepEqual(facts.symbols[1]!.bases, ['BaseRepo', 'IRepo']);
    assert.equal(facts.symbols[3]!.bases, undefined, 'an enum\'s underlying type is no base');
    assert.equal(facts.symbols.find((s) => s.name === 'Repo.Find')!.signature, 'public Order Find(string id)');
  });

  it('names nested types after their outer type and block namespaces after their nesting', async () => {
    const facts = await extractCSharp(cs(
      'namespace A {',
      '  namespace B {',
      '    class Outer { class Inner { void Run() { } } }',
      '  }',
      '}',
    ));
    assert.equal(facts.packageName, 'A.B');
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.exported, s.packagePath]), [
      ['Outer', true, undefined], ['Outer.Inner', false, undefined], ['Outer.Inner.Run', false, undefined],
    ]);
  });

  it('gives symbols of a second namespace their own package path', async () => {
    const facts = await extractCSharp(cs(
      'namespace A { class One { } }',
      'namespace C { class Two { void M() { } } }',
      'class Three { }',
    ));
    assert.equal(facts.packageName, 'A');
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.packagePath]), [
      ['One', undefined], ['Two', 'C'], ['Three', 'global'], ['Two.M', 'C'],
    ]);
  });

  it('suffixes overloads with their parameter types, constructors included', async () => {
    const facts = await extractCSharp(cs(
      'class Repo {',
      '  public Repo() { }',
      '  public Repo(string name, int size = 1) { }',
      '  void Save(Order o) { }',
      '  void Save(Order o, bool overwrite) { }',
      '  void Save(params Order[] all) { }',
      '  void Load(List<Dictionary<string, int>> x) { }',
      '  void IStore.Save(Order o) { }',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.name), [
      'Repo', 'Repo.constructor()', 'Repo.constructor(string,int)', 'Repo.Save(Order)', 'Repo.Save(Order,bool)',
      'Repo.Save(Order[])', 'Repo.Load', 'Repo.IStore.Save',
    ]);
  });

  it('marks xUnit, NUnit and MSTest test methods as tests', async () => {
    const facts = await extractCSharp(cs(
      'public class Tests {',
      '  [Fact] public void A() { }',
      '  [Theory, InlineData(1)] public void B(int x) { }',
      '  [Test] public void C() { }',
      '  [TestCase(1)] public void D(int x) { }',
      '  [Microsoft.VisualStudio.TestTools.UnitTesting.TestMethod] public void E() { }',
      '  [FactAttribute] public void F() { }',
      '  [Obsolete] public void Helper() { }',
      '}',
    ), 'tests/Tests.cs');
    assert.deepEqual(facts.symbols.map((s) => `${s.kind} ${s.name}`), [
      'type Tests', 'test Tests.A', 'test Tests.B', 'test Tests.C', 'test Tests.D', 'test Tests.E', 'test Tests.F', 'method Tests.Helper',
    ]);
  });

  it('puts a file of top-level statements in the global namespace, with its local functions', async () => {
    const facts = await extractCSharp(cs(
      'var app = Build();',
      'static int Build() => 1;',
      'namespace Api { class Startup { } }',
    ), 'Program.cs');
    assert.equal(facts.packageName, undefined);
    assert.deepEqual(facts.symbols.map((s) => [s.kind, s.name, s.packagePath]), [['type', 'Startup', 'Api'], ['function', 'Build', undefined]]);
  });

  it('declares a partial type once per file, with the bases of all its parts', async () => {
    const facts = await extractCSharp(cs(
      'partial class Service : IOne { void A() { } }',
      'partial class Service : ITwo { void B() { } }',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.name), ['Service', 'Service.A', 'Service.B']);
    assert.deepEqual(facts.symbols[0]!.bases, ['IOne', 'ITwo']);
  });
});
