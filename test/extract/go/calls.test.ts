import * as assert from 'node:assert/strict';
import type { CallFact, CalleeExpr, TypeExpr } from '../../../src/extract/facts';
import { extractGo, go } from './helpers';

/**
 * `line:col caller -> callee` for compact exact assertions; a receiver type the resolver
 * computes shows as `{…}`: `=x` the value x names, `f()` / `f()#1` a result, `.f` a
 * field, `[]` an element.
 */
function show(call: CallFact): string {
  return `${call.line}:${call.col} ${call.caller || '(package)'} -> ${showCallee(call.callee)}`;
}

function showCallee(callee: CalleeExpr): string {
  if (callee.form === 'new') return `new ${callee.name}`;
  if (callee.form === 'name') return callee.name;
  const type = callee.objectType ? ` <${callee.objectType}>` : callee.receiverType ? ` {${showType(callee.receiverType)}}` : '';
  return `${callee.object}.${callee.property}${type}`;
}

function showType(type: TypeExpr): string {
  switch (type.t) {
    case 'named': return type.name;
    case 'value': return `=${type.of.form === 'member' ? `${type.of.object}.${type.of.property}` : type.of.form === 'name' ? type.of.name : type.of.name}`;
    case 'result': return `${showCallee(type.call)}()${type.index ? `#${type.index}` : ''}`;
    case 'field': return `${showType(type.of)}.${type.name}`;
    case 'element': return `${showType(type.of)}[]`;
    case 'either': return type.of.map(showType).join('|');
    case 'param': return `${showType(type.of)}(#${type.index})`;
    case 'returns': return `${showType(type.of)}→${type.index ?? 0}`;
    case 'callback': return `${showCallee(type.call)}(…#${type.argument}/${type.arguments}${type.property ? `.${type.property}` : ''}…)(#${type.index})`;
    case 'inherited': return `${type.owner}^${type.method}(#${type.index})`;
    case 'mapped': return `${showType(type.of)}.map→${showType(type.to)}`;
  }
}

async function callsOf(...lines: string[]): Promise<string[]> {
  return (await extractGo(go(...lines))).calls.map(show);
}

describe('extract/go calls', () => {
  it('reports name and member calls at the callee name token', async () => {
    const facts = await extractGo(go(
      'package p',
      'import "fmt"',
      'func run() {',
      '\tsetup()',
      '\tfmt.Println("hi")',
      '\tdefer cleanup()',
      '\tgo worker.Start()',
      '}',
    ));
    assert.deepEqual(facts.calls, [
      { line: 4, col: 1, caller: 'run', callee: { form: 'name', name: 'setup' } },
      { line: 5, col: 5, caller: 'run', callee: { form: 'member', object: 'fmt', property: 'Println' } },
      { line: 6, col: 7, caller: 'run', callee: { form: 'name', name: 'cleanup' } },
      { line: 7, col: 11, caller: 'run', callee: { form: 'member', object: 'worker', property: 'Start', receiverType: { t: 'value', of: { form: 'name', name: 'worker' } } } },
    ]);
  });

  it('types the receiver and typed parameters', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'func (s *Server) Run(c pkg.Client, st *Store, gen Box[int], cb func()) {',
      '\ts.listen()',
      '\tc.Do()',
      '\tst.Get()',
      '\tgen.Open()',
      '}',
    ), [
      '3:3 Server.Run -> s.listen <Server>',
      '4:3 Server.Run -> c.Do <pkg.Client>',
      '5:4 Server.Run -> st.Get <Store>',
      '6:5 Server.Run -> gen.Open <Box>',
    ]);
  });

  it('types locals from composite literals, new, var declarations and call results', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'func f() {',
      '\ta := Server{}',
      '\tb := &pkg.Client{Name: "x"}',
      '\tc := new(Store)',
      '\tvar d Store',
      '\tvar e = &Server{}',
      '\tg := NewServer()',
      '\th, i := Server{}, Store{}',
      '\ta.A(); b.B(); c.C(); d.D(); e.E(); g.G(); h.H(); i.I()',
      '}',
    ), [
      '10:3 f -> a.A <Server>',
      '10:10 f -> b.B <pkg.Client>',
      '10:17 f -> c.C <Store>',
      '10:24 f -> d.D <Store>',
      '10:31 f -> e.E <Server>',
      '8:6 f -> NewServer',
      '10:38 f -> g.G {NewServer()}',
      '10:45 f -> h.H <Server>',
      '10:52 f -> i.I <Store>',
    ].sort(byPosition));
  });

  it('follows struct field chains through structs declared in the file', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'type Server struct {',
      '\tstore *Store',
      '\tclient http.Client',
      '\tcfg   Config',
      '\tBase',
      '}',
      'type Config struct{ db *DB }',
      'type Box[T any] struct{ item T }',
      'func (s *Server) Run(b Box[int]) {',
      '\ts.store.Get()',
      '\ts.client.Do()',
      '\ts.cfg.db.Query()',
      '\ts.Base.Init()',
      '\ts.missing.Call()',
      '\tb.item.Use()',
      '}',
    ), [
      '11:9 Server.Run -> s.store.Get <Store>',
      '12:10 Server.Run -> s.client.Do <http.Client>',
      '13:10 Server.Run -> s.cfg.db.Query <DB>',
      '14:8 Server.Run -> s.Base.Init <Base>',
      // Left to the resolver: the field may be promoted from an embedded type; `item` is a T.
      '15:11 Server.Run -> s.missing.Call {*Server.missing}',
      '16:8 Server.Run -> b.item.Use {Box[int].item}',
    ]);
  });

  it('types package variables declared in the file', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'var defaultServer = &Server{}',
      'var registry Registry',
      'func f() {',
      '\tdefaultServer.Start()',
      '\tregistry.Add()',
      '}',
    ), ['5:15 f -> defaultServer.Start <Server>', '6:10 f -> registry.Add <Registry>']);
  });

  it('leaves call results and elements to the resolver, drops calls on values typed by type parameters, and writes local types out', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'func f[T Runner](t T, items []Item, m map[string]Item) {',
      '\tv := lookup()',
      '\tv.Run()',
      '\tt.Run()',
      '\titems[0].Run()',
      '\tm["a"].Run()',
      '\ttype local struct{}',
      '\tl := local{}',
      '\tl.Run()',
      '\tlookup().Run()',
      '}',
    ), [
      '3:6 f -> lookup',
      '4:3 f -> v.Run {lookup()}',
      '6:10 f -> items[0].Run {[]Item[]}',
      '7:8 f -> m["a"].Run {map[string]Item[]}',
      // A local type has no methods of its own: its underlying type, written out, says what it has.
      '10:3 f -> l.Run {struct{}}',
      '11:1 f -> lookup',
      '11:10 f -> lookup().Run {lookup()}',
    ]);
  });

  it('skips builtins, conversions, local function values and calls of call results', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'type ID string',
      'func f(next func()) {',
      '\tn := len(make([]byte, 3))',
      '\t_ = string(ID("x"))',
      '\t_ = []byte("x")',
      '\tnext()',
      '\tdone := func() {}',
      '\tdone()',
      '\tfactory()()',
      '\tfunc() { inner() }()',
      '\t_ = n',
      '}',
    ), ['10:1 f -> factory', '11:10 f -> inner']);
  });

  it('keeps calls of builtin names the file redeclares', async () => {
    assert.deepEqual(await callsOf('package p', 'func max(a, b int) int { return a }', 'func f() { max(1, 2) }'), ['3:11 f -> max']);
  });

  it('drops member calls on a local of unknown type that shadows an import, and types one that has a type', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'import "net/url"',
      'func f(raw string, next func() int) {',
      '\turl.Parse(raw)',
      '\turl := parse(raw)',
      '\turl.String()',
      '}',
      'func g(next func() int) {',
      '\turl := next()',
      '\turl.String()',
      '}',
    ), ['4:5 f -> url.Parse', '5:8 f -> parse', '6:5 f -> url.String {parse()}', '10:5 g -> url.String {func() int→0}']);
  });

  it('scopes a local to its block: each loop, if and switch its own, each case its own, the outer name after', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'func (c *Command) Walk(names []string) {',
      '\tfor p := c; p != nil; p = p.Parent() {',
      '\t\tp.Name()',
      '\t}',
      '\tfor _, p := range names {',
      '\t\tp.Name()',
      '\t}',
      '\tif x := (&Box{}); x != nil {',
      '\t\tx.Open()',
      '\t} else {',
      '\t\tx.Close()',
      '\t}',
      '\tx.Open()',
      '\tswitch {',
      '\tcase len(names) > 0:',
      '\t\tz := Box{}',
      '\t\tz.Open()',
      '\tdefault:',
      '\t\tz := c',
      '\t\tz.Name()',
      '\t}',
      '}',
    ), [
      '3:29 Command.Walk -> p.Parent <Command>',
      '4:4 Command.Walk -> p.Name <Command>',
      '7:4 Command.Walk -> p.Name {[]string[]}',
      '10:4 Command.Walk -> x.Open <Box>',
      '12:4 Command.Walk -> x.Close <Box>',
      '14:3 Command.Walk -> x.Open {=x}',
      '18:4 Command.Walk -> z.Open <Box>',
      '21:4 Command.Walk -> z.Name <Command>',
    ]);
  });

  it('keeps a variable declared again in its block (or a parameter in the body) of its first declaration\'s type', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'func f(d Diags) {',
      '\tvar diags Diags',
      '\tx, diags := load()',
      '\tdiags.Append(x)',
      '\ty, d := load()',
      '\td.Append(y)',
      '}',
    ), ['4:13 f -> load', '5:7 f -> diags.Append <Diags>', '6:9 f -> load', '7:3 f -> d.Append <Diags>']);
  });

  it('types the result of calling a local that holds a function: bound to one, or by its function type', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'func f(cb func() *Output) {',
      '\t_, done := testView()',
      '\tdone(1).Stdout()',
      '\tcb().Stdout()',
      '\tget := load',
      '\tget().Stdout()',
      '}',
    ), [
      '3:12 f -> testView',
      '4:9 f -> done(1).Stdout {testView()#1→0}',
      '5:6 f -> cb().Stdout {func() *Output→0}',
      '7:1 f -> load',
      '7:7 f -> get().Stdout {load()}',
    ]);
  });

  it('takes the parameter names of a function type or an interface method for no declaration', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'type Runner interface{ Run(cmd *Command) }',
      'func f() {',
      '\tvar complete func(cmd *Command, args ...string)',
      '\tcmd := Command{}',
      '\tcmd.Register(complete)',
      '}',
    ), ['6:5 f -> cmd.Register <Command>']);
    const facts = await extractGo(go(
      'package p',
      'var cmd = 1',
      'type Runner interface{ Run(cmd int, rest ...int) }',
      'var run func(cmd int)',
      'func get() int { return cmd }',
    ));
    const toCmd = facts.references.filter((r) => r.target.form === 'name' && r.target.name === 'cmd').map((r) => `${r.line}:${r.col} ${r.from}`);
    assert.deepEqual(toCmd, ['5:24 get'], 'a parameter name in a type is no use of the package variable');
  });

  it('marks calls written with type arguments, in each shape the grammar reads them, and types their results', async () => {
    const facts = await extractGo(go(
      'package p',
      'import "example.com/set"',
      'func f(handlers []func()) {',
      '\ts := set.Make[int]()',
      '\ts.Add(1)',
      '\tset.Of[string]("a").Len()',
      '\tMerge[int, string](nil, nil)',
      '\thandlers[0]()',
      '}',
    ));
    assert.deepEqual(facts.calls.map((c) => `${show(c)}${c.callee.form !== 'new' && c.callee.instantiated ? ' [T]' : ''}`), [
      '4:10 f -> set.Make [T]',
      '5:3 f -> s.Add {set.Make()}',
      '6:5 f -> set.Of [T]',
      '6:21 f -> set.Of[string]("a").Len {set.Of()}',
      // Two type arguments and two arguments cannot be an index: the grammar reads a call.
      '7:1 f -> Merge',
    ], 'an indexed local (a slice of functions) calls no one function');
    const names = facts.references.map((r) => (r.target.form === 'member' ? `${r.target.object}.${r.target.property}` : r.target.form === 'name' ? r.target.name : ''));
    assert.deepEqual(names.filter((n) => n !== 'int' && n !== 'string'), ['set.Make', 'set.Of'], 'an indexed name stays a reference for when it is no function');
  });

  it('attributes calls in function literals to the enclosing function, and package-level calls to no one', async () => {
    assert.deepEqual(await callsOf(
      'package p',
      'var handler = func() { serve() }',
      'var ready = check()',
      'func main() {',
      '\tgo func(s *Server) { s.Run() }(nil)',
      '}',
    ), ['2:23 (package) -> serve', '3:12 (package) -> check', '5:24 main -> s.Run <Server>']);
  });
});

function byPosition(a: string, b: string): number {
  const [la, ca] = a.split(' ')[0].split(':').map(Number);
  const [lb, cb] = b.split(' ')[0].split(':').map(Number);
  return la - lb || ca - cb;
}
