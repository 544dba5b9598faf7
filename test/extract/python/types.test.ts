import * as assert from 'node:assert/strict';
import type { CalleeExpr } from '../../../src/extract/facts';
import { callAt, extractPython, py, symbolNamed } from './helpers';

function receiver(callee: CalleeExpr): unknown {
  if (callee.form !== 'member') return undefined;
  return callee.objectType ?? callee.receiverType;
}

describe('extract/python receiver types', () => {
  it('types a local from a return annotation elsewhere, a chained call and an attribute chain', async () => {
    const facts = await extractPython(py(
      'from shop import make_store',
      'def use(service):',
      '    made = make_store()',
      '    made.get()',
      '    made.child().get()',
      '    made.backing.get()',
    ));
    const made = { t: 'result', call: { form: 'name', name: 'make_store' } };
    assert.deepEqual(receiver(callAt(facts, 4, 9).callee), made);
    assert.deepEqual(receiver(callAt(facts, 5, 17).callee), {
      t: 'result', call: { form: 'member', object: 'made', property: 'child', receiverType: made },
    });
    assert.deepEqual(receiver(callAt(facts, 6, 17).callee), { t: 'field', of: made, name: 'backing' });
  });

  it('types a local rebound in its function by the binding that reaches the use, when the code settles it', async () => {
    const facts = await extractPython(py(
      'def new(request, items, flag):',
      '    url = request.form.get("url")',
      '    url = URL(url)',
      '    url.store()',
      '    page = Page()',
      '    try:',
      '        page = Missing()',
      '    except KeyError:',
      '        pass',
      '    page.process()',
      '    done = Page()',
      '    for _ in items:',
      '        done.process()',
      '        done = Missing()',
      '    x = Page()',
      '    x = x.child()',
      '    q = Page()',
      '    for q in items:',
      '        pass',
      '    q.process()',
      '    n = Page()',
      '    n = None',
      '    n.process()',
    ));
    assert.deepEqual(receiver(callAt(facts, 4, 8).callee), 'URL', 'the later binding in the same block');
    assert.deepEqual(receiver(callAt(facts, 10, 9).callee), { t: 'either', of: [{ t: 'named', name: 'Page' }, { t: 'named', name: 'Missing' }] },
      'a binding in a try the use is outside of: either, for the resolver to compare');
    assert.deepEqual(receiver(callAt(facts, 13, 13).callee), { t: 'either', of: [{ t: 'named', name: 'Page' }, { t: 'named', name: 'Missing' }] },
      'a loop binds it again after the use: either');
    assert.deepEqual(receiver(callAt(facts, 16, 10).callee), 'Page', 'the value reads the binding before it');
    assert.equal(receiver(callAt(facts, 20, 6).callee), undefined, 'a for target holds only in its loop');
    assert.equal(receiver(callAt(facts, 23, 6).callee), undefined, 'None, the last binding, has no methods');
  });

  it('reads annotations: Optional and `| None` name the class, containers stay written for the resolver', async () => {
    const facts = await extractPython(py(
      'def use(a: Optional[Store], b: "Store | None", items: list[Item], pair: dict[str, Item]):',
      '    a.get()',
      '    b.get()',
      '    items.pop()',
      '    for it in items:',
      '        it.price()',
      '    local: Store = build()',
      '    local.get()',
    ));
    assert.equal(receiver(callAt(facts, 2, 6).callee), 'Store');
    assert.equal(receiver(callAt(facts, 3, 6).callee), 'Store');
    assert.deepEqual(receiver(callAt(facts, 4, 10).callee), { t: 'named', name: 'list[Item]' });
    assert.deepEqual(receiver(callAt(facts, 6, 11).callee), { t: 'element', of: { t: 'named', name: 'list[Item]' } });
    assert.equal(receiver(callAt(facts, 8, 10).callee), 'Store');
  });

  it('types a `with` target by what the manager\'s __enter__ returns', async () => {
    const facts = await extractPython(py(
      'def use():',
      '    with open_store() as s:',
      '        s.get()',
    ));
    assert.deepEqual(receiver(callAt(facts, 3, 10).callee), {
      t: 'result',
      call: { form: 'member', object: 'open_store()', property: '__enter__', receiverType: { t: 'result', call: { form: 'name', name: 'open_store' } } },
    });
  });

  it('types an `async with` target by what the manager\'s __aenter__ returns', async () => {
    const facts = await extractPython(py(
      'async def use():',
      '    async with open_store() as s:',
      '        s.get()',
    ));
    assert.deepEqual(receiver(callAt(facts, 3, 10).callee), {
      t: 'result',
      call: { form: 'member', object: 'open_store()', property: '__aenter__', receiverType: { t: 'result', call: { form: 'name', name: 'open_store' } } },
    });
  });

  it('gives no type where bindings disagree, to parameters without annotation, or to type parameters', async () => {
    const facts = await extractPython(py(
      'T = TypeVar("T")',
      'def use(thing, value: T):',
      '    x = make()',
      '    x = thing',
      '    x.get()',
      '    thing.get()',
      '    value.get()',
      'def generic[U](item: U):',
      '    item.get()',
    ));
    for (const [line, col] of [[5, 6], [6, 10], [7, 10], [9, 9]] as const) assert.equal(receiver(callAt(facts, line, col).callee), undefined);
  });

  it('reads a type parameter as its bound inside its function, and as unknown in what callers and subclasses read', async () => {
    const facts = await extractPython(py(
      'import typing as t',
      'A = t.TypeVar("A", bound="ds.Accept")',
      'K = t.TypeVar("K")',
      'def parse(value, cls: type[A] | None = None, items: list[A] = [], dicts: list[MultiDict[K]] = []) -> A:',
      '    cls.from_header(value)',
      '    items[0].best()',
      '    for d in dicts:',
      '        d.getlist()',
      '    chosen: A = pick()',
      '    chosen.best()',
      '    t.cast(A, value).best()',
      'def keys(found: MultiDict[K]) -> list[MultiDict[K]]:',
      '    return [found]',
      'def either(found: Item | K) -> Item | K:',
      '    found.get()',
      '    return found',
    ));
    assert.deepEqual(receiver(callAt(facts, 5, 8).callee), { t: 'named', name: 'type[ds.Accept] | None' }, 'a plain function\'s cls');
    assert.deepEqual(receiver(callAt(facts, 6, 13).callee), { t: 'element', of: { t: 'named', name: 'list[ds.Accept]' }, indexed: true });
    assert.deepEqual(receiver(callAt(facts, 8, 10).callee), { t: 'element', of: { t: 'named', name: 'list[MultiDict[?]]' } });
    assert.equal(receiver(callAt(facts, 10, 11).callee), 'ds.Accept');
    assert.equal(receiver(callAt(facts, 11, 21).callee), 'ds.Accept');
    // What a caller reads: the parameter is solved by its arguments, so no bound stands for it.
    assert.equal(symbolNamed(facts, 'parse').results, undefined);
    assert.deepEqual(symbolNamed(facts, 'parse').params, ['', 'type[?] | None', 'list[?]', 'list[MultiDict[?]]']);
    assert.deepEqual(symbolNamed(facts, 'keys').results, ['list[MultiDict[?]]']);
    // A union one of whose members may be anything has no type.
    assert.equal(receiver(callAt(facts, 15, 10).callee), undefined);
    assert.equal(symbolNamed(facts, 'either').results, undefined);
  });

  it('reads ClassVar, Final and Annotated as the type they hold', async () => {
    const facts = await extractPython(py(
      'import typing as t',
      'class Routing:',
      '    url_map: t.ClassVar[Map]',
      '    limit: t.Final["Limit"] = Limit()',
      '    def bind(self, adapter: t.Annotated[Adapter, "doc"]):',
      '        self.url_map.bind()',
      '        adapter.match()',
    ));
    assert.deepEqual(symbolNamed(facts, 'Routing').fields, [{ name: 'url_map', type: 't.ClassVar[Map]' }, { name: 'limit', type: 't.Final["Limit"]' }]);
    assert.deepEqual(receiver(callAt(facts, 7, 16).callee), 'Adapter');
  });

  it('writes params, results (Self as the receiver\'s type), fields and module-level instances', async () => {
    const facts = await extractPython(py(
      'class Store:',
      '    cache: "Cache"',
      '    def __init__(self, backing: Backing, size=3) -> None:',
      '        self.backing = backing',
      '        self.fresh = Fresh()',
      '        self.count = 0',
      '    def child(self) -> Self:',
      '        return self',
      '    @property',
      '    def index(self) -> Index:',
      '        return Index()',
      'def make() -> Store:',
      '    return Store()',
      'client = Store()',
      'made = make()',
      'alias = client',
      'borrowed = elsewhere.client',
      'DEFAULT = make()',
      'UserId = NewType("UserId", int)',
    ));
    assert.deepEqual(symbolNamed(facts, 'Store.__init__').params, ['', 'Backing', '']);
    assert.equal(symbolNamed(facts, 'Store.__init__').results, undefined);
    assert.deepEqual(symbolNamed(facts, 'Store.child').results, ['this']);
    assert.deepEqual(symbolNamed(facts, 'make').results, ['Store']);
    assert.deepEqual(symbolNamed(facts, 'Store').fields, [
      { name: 'cache', type: 'Cache' }, { name: 'backing', type: 'Backing' }, { name: 'fresh', type: 'Fresh' }, { name: 'index', type: 'Index' },
    ]);
    assert.deepEqual(symbolNamed(facts, 'client').valueType, { t: 'named', name: 'Store' });
    assert.equal(symbolNamed(facts, 'client').kind, 'variable');
    assert.deepEqual(symbolNamed(facts, 'made').valueType, { t: 'result', call: { form: 'name', name: 'make' } });
    assert.deepEqual(symbolNamed(facts, 'DEFAULT').valueType, { t: 'result', call: { form: 'name', name: 'make' } });
    assert.deepEqual(symbolNamed(facts, 'alias').valueType, { t: 'named', name: 'Store' });
    // A value read from another module stays out: `elsewhere` may be a package path.
    assert.equal(facts.symbols.some((s) => s.name === 'borrowed' || s.name === 'UserId'), false);
  });

  it('takes a type variable that also annotates self or cls for the receiver\'s type (PEP 484 self-types)', async () => {
    const facts = await extractPython(py(
      'from typing import TypeVar',
      'T = TypeVar("T", bound="Client")',
      'class Client:',
      '    def __enter__(self: T) -> T:',
      '        return self',
      '    @classmethod',
      '    def create(cls: type[T]) -> T:',
      '        return cls()',
      '    def first(self, items: list[T]) -> T:',
      '        return items[0]',
      'def pick(item: T) -> T:',
      '    return item',
    ));
    // `this`: the type the method is called on, a subclass too (the resolver reads it so).
    assert.deepEqual(symbolNamed(facts, 'Client.__enter__').results, ['this']);
    assert.deepEqual(symbolNamed(facts, 'Client.create').results, ['this']);
    assert.equal(symbolNamed(facts, 'Client.first').results, undefined, 'T bound by another parameter');
    assert.equal(symbolNamed(facts, 'pick').results, undefined, 'no class around');
  });

  it('knows Self under the names typing is imported as', async () => {
    const facts = await extractPython(py(
      'import typing_extensions as te',
      'import typing as t',
      'from typing import Self as Me',
      'class Headers:',
      '    def copy(self) -> te.Self:',
      '        return self',
      '    def merged(self) -> t.Self:',
      '        return self',
      '    def again(self) -> Me:',
      '        return self',
      '    def other(self) -> other.Self:',
      '        return self',
    ));
    assert.deepEqual(symbolNamed(facts, 'Headers.copy').results, ['this']);
    assert.deepEqual(symbolNamed(facts, 'Headers.merged').results, ['this']);
    assert.deepEqual(symbolNamed(facts, 'Headers.again').results, ['this']);
    assert.deepEqual(symbolNamed(facts, 'Headers.other').results, ['other.Self'], 'a Self of another module is not typing\'s');
  });

  it('types an imported module-level instance by the value it names', async () => {
    const facts = await extractPython(py(
      'from shop import client',
      'import shop',
      'client.get()',
      'shop.client.get()',
    ));
    assert.deepEqual(receiver(callAt(facts, 3, 7).callee), { t: 'value', of: { form: 'name', name: 'client' } });
    assert.deepEqual(receiver(callAt(facts, 4, 12).callee), { t: 'value', of: { form: 'member', object: 'shop', property: 'client' } });
  });

  it('makes names bound in module-level if, try, with and for blocks module variables, typed as top-level ones', async () => {
    const facts = await extractPython(py(
      'def use():',
      '    stub.ListProducts()',
      '    either.get()',
      'if __name__ == "__main__":',
      '    stub = pb2_grpc.CatalogStub(channel)',
      'try:',
      '    guarded = Store()',
      'except ImportError:',
      '    guarded = None',
      'with open_pool() as pool:',
      '    pooled = Pool()',
      'for attempt in range(3):',
      '    retried = Client()',
      'if flag:',
      '    either = Store()',
      'else:',
      '    either = Cache()',
      'def later():',
      '    local = Store()',
    ));
    const variable = (name: string) => {
      const symbol = symbolNamed(facts, name);
      return [symbol.kind, symbol.valueType];
    };
    assert.deepEqual(variable('stub'), ['variable', { t: 'named', name: 'pb2_grpc.CatalogStub' }]);
    assert.deepEqual(variable('guarded'), ['variable', { t: 'named', name: 'Store' }], '`= None` in another branch contradicts no type');
    assert.deepEqual(variable('pooled'), ['variable', { t: 'named', name: 'Pool' }]);
    assert.deepEqual(variable('retried'), ['variable', { t: 'named', name: 'Client' }]);
    assert.equal(receiver(callAt(facts, 2, 9).callee), 'pb2_grpc.CatalogStub', 'a function sees the global bound later in a block');
    // Two branches bind two types: no variable, and either type for the resolver to compare.
    assert.equal(facts.symbols.some((s) => s.name === 'either' || s.name === 'local'), false);
    assert.deepEqual(receiver(callAt(facts, 3, 11).callee), { t: 'either', of: [{ t: 'named', name: 'Store' }, { t: 'named', name: 'Cache' }] });
  });

  it('binds a name a function declares global in the module', async () => {
    const facts = await extractPython(py(
      'stub = None',
      'first_run = True',
      'def connect():',
      '    global stub, first_run',
      '    stub = pb2_grpc.CatalogStub(make_channel())',
      '    first_run = False',
      '    stub.GetProduct()',
      'def use():',
      '    stub.ListProducts()',
      'def only_declares():',
      '    global unknown',
      '    del unknown',
      'unknown = Store()',
      'def reads():',
      '    unknown.get()',
    ));
    assert.equal(receiver(callAt(facts, 7, 9).callee), 'pb2_grpc.CatalogStub', 'the function reads the global it binds');
    assert.equal(receiver(callAt(facts, 9, 9).callee), 'pb2_grpc.CatalogStub', 'another function reads the global');
    assert.deepEqual(symbolNamed(facts, 'stub').valueType, { t: 'named', name: 'pb2_grpc.CatalogStub' });
    // Bound by nothing recorded (`del`): unknown, so the module's `Store()` is not its type.
    assert.equal(receiver(callAt(facts, 15, 12).callee), undefined);
  });
});

describe('extract/python values of several bindings', () => {
  it('reads a binding of the name itself with the type the others give, for the resolver to check they agree', async () => {
    const facts = await extractPython(py(
      'def redirect(location, other, flag):',
      '    try:',
      '        url = URL(location)',
      '    except ValueError:',
      '        raise',
      '    if flag:',
      '        url = url.copy_with()',
      '    url.join(other)',
      'def alone(x):',
      '    if x:',
      '        x = x.next()',
      '    x.go()',
    ));
    assert.deepEqual(receiver(callAt(facts, 8, 8).callee), {
      t: 'either',
      of: [{ t: 'named', name: 'URL' }, { t: 'result', call: { form: 'member', object: 'url', property: 'copy_with', objectType: 'URL' } }],
    });
    assert.equal(receiver(callAt(facts, 12, 6).callee), undefined, 'no other binding says what x is');
  });

  it('types a parameter after an if statement normalising it by what each branch leaves', async () => {
    const facts = await extractPython(py(
      'def build(headers: Headers | Iterable | None, other: Headers | None, rows: Rows | None):',
      '    if headers is None:',
      '        headers = Headers()',
      '    elif not isinstance(headers, Headers):',
      '        headers = Headers(headers)',
      '    headers.set()',
      '    if other is None:',
      '        raise ValueError()',
      '    elif isinstance(other, Headers):',
      '        other = Rows()',
      '    other.set()',
      '    if rows is None:',
      '        rows = {}',
      '    rows.get()',
      'def again(items, headers: Headers | None):',
      '    for item in items:',
      '        if headers is None:',
      '            headers = Headers()',
      '        headers.set()',
      '        headers = Rows()',
    ));
    assert.deepEqual(receiver(callAt(facts, 6, 12).callee), 'Headers', 'each branch and the parameter narrowed by both conditions');
    assert.equal(receiver(callAt(facts, 11, 10).callee), 'Rows', 'None leaves, Headers is replaced: nothing else is left');
    assert.equal(receiver(callAt(facts, 14, 9).callee), undefined, 'a dict is no class of the repo');
    // A later turn of the loop reads Rows: all the bindings, which disagree (the resolver's `either`).
    assert.equal((receiver(callAt(facts, 19, 16).callee) as { t: string }).t, 'either');
  });

  it('types a conditional expression and `or` by both values, and a field by every type assigned', async () => {
    const facts = await extractPython(py(
      'class Request:',
      '    def __init__(self, url, params, headers: Headers | None):',
      '        self.url = URL(url) if params is None else URL(url, params)',
      '        self.headers = headers or Headers()',
      '        self.either = URL(url) if params else Split(url)',
      '        self.anded = headers and Headers()',
      '        self.maybe = Split(url) if params else None',
      '    def use(self):',
      '        self.url.join()',
    ));
    assert.deepEqual(receiver(callAt(facts, 9, 17).callee), 'URL');
    // A None branch makes the value optional: a call on it is the other value's.
    assert.deepEqual(symbolNamed(facts, 'Request').fields, [
      { name: 'url', type: 'URL' }, { name: 'headers', type: 'Headers | None' }, { name: 'either', type: 'URL | Split' },
      { name: 'maybe', type: 'Split' },
    ]);
  });
});

describe('extract/python properties and generators', () => {
  it('types `self.p` by the class\'s own property p, and a `yield` by what the generator is sent', async () => {
    const facts = await extractPython(py(
      'import typing',
      'class URL:',
      '    @property',
      '    def params(self) -> QueryParams:',
      '        return QueryParams()',
      '    def copy_set_param(self, key):',
      '        return self.params.set(key)',
      '    def flow(self, request) -> typing.Generator[Request, Response, None]:',
      '        response = yield request',
      '        response.read()',
      '        other = yield from self.sub()',
      '        other.read()',
      '    def plain(self):',
      '        self.missing.get()',
    ));
    assert.deepEqual(receiver(callAt(facts, 7, 27).callee), { t: 'field', of: { t: 'named', name: 'URL' }, name: 'params' });
    assert.equal(receiver(callAt(facts, 10, 17).callee), 'Response');
    assert.equal(receiver(callAt(facts, 12, 14).callee), undefined, '`yield from` gives the inner generator\'s return value');
    assert.equal(receiver(callAt(facts, 14, 21).callee), undefined, 'a class of no bases binding no such name');
  });
});

describe('extract/python tuple targets', () => {
  it('types each name of a flat tuple target by its position; starred and nested targets stay unknown', async () => {
    const facts = await extractPython(py(
      'def use(pair: tuple[Rule, Item], mounts: dict[Rule, Transport]):',
      '    rule, item = pair',
      '    rule.build()',
      '    for (pattern, transport) in mounts.items():',
      '        transport.handle()',
      '    first, *rest = pair',
      '    first.build()',
      '    (a, b), c = pair, pair',
      '    c.build()',
    ));
    assert.deepEqual(receiver(callAt(facts, 3, 9).callee), { t: 'element', of: { t: 'named', name: 'tuple[Rule, Item]' }, position: 0 });
    const items = { t: 'result', call: { form: 'member', object: 'mounts', property: 'items', receiverType: { t: 'named', name: 'dict[Rule, Transport]' } } };
    assert.deepEqual(receiver(callAt(facts, 5, 18).callee), { t: 'element', of: { t: 'element', of: items }, position: 1 });
    assert.equal(receiver(callAt(facts, 7, 10).callee), undefined);
    assert.equal(receiver(callAt(facts, 9, 6).callee), undefined);
  });
});

describe('extract/python builtins that range over other iterables', () => {
  it('types enumerate, zip and sorted targets by their arguments\' elements; an imported name of theirs is that import', async () => {
    const facts = await extractPython(py(
      'def use(items: list[Item], rules: list[Rule]):',
      '    for i, item in enumerate(items):',
      '        item.price()',
      '    for rule, item in zip(rules, items):',
      '        rule.build()',
      '    for rule in sorted(rules, key=len):',
      '        rule.build()',
      '    [item.price() for i, item in enumerate(items)]',
      '    for pair in zip(rules, items):',
      '        pair.build()',
      '    for i, item in enumerate(*items):',
      '        item.price()',
    ));
    const elementOf = (type: string) => ({ t: 'element', of: { t: 'named', name: type } });
    assert.deepEqual(receiver(callAt(facts, 3, 13).callee), elementOf('list[Item]'));
    assert.deepEqual(receiver(callAt(facts, 5, 13).callee), elementOf('list[Rule]'));
    assert.deepEqual(receiver(callAt(facts, 7, 13).callee), elementOf('list[Rule]'));
    assert.deepEqual(receiver(callAt(facts, 8, 10).callee), elementOf('list[Item]'));
    assert.equal(receiver(callAt(facts, 10, 13).callee), undefined);
    assert.equal(receiver(callAt(facts, 12, 13).callee), undefined);

    const imported = await extractPython(py(
      'from tools import enumerate',
      'def use(items: list[Item]):',
      '    for i, item in enumerate(items):',
      '        item.price()',
    ));
    // The imported function's own result says what ranging over it gives.
    const ranged = { t: 'element', of: { t: 'result', call: { form: 'name', name: 'enumerate' } } };
    assert.deepEqual(receiver(callAt(imported, 4, 13).callee), { t: 'element', of: ranged, position: 1 });
  });
});

describe('extract/python declared attribute types', () => {
  it('types an attribute by its annotations alone when it has one, whatever methods assign', async () => {
    const facts = await extractPython(py(
      'class Response:',
      '    headers: Headers',
      '    def __init__(self, headers: Mapping | None):',
      '        self.headers = headers',
      '        self.body = Body()',
      '        self.body = Other()',
      '    def use(self):',
      '        self.headers.get()',
      '        self.body.read()',
    ));
    assert.equal(receiver(callAt(facts, 8, 21).callee), 'Headers');
    const fields = symbolNamed(facts, 'Response').fields;
    assert.deepEqual(fields, [{ name: 'headers', type: 'Headers' }, { name: 'body', type: 'Body | Other' }], 'undeclared: every type assigned');
  });
});

describe('extract/python isinstance narrowing', () => {
  it('types a local as the class isinstance checks in the block the check guards, unless the block binds it again', async () => {
    const facts = await extractPython(py(
      'def f(x, y, z, w):',
      '    if isinstance(x, models.Store) and x.ready():',
      '        x.get()',
      '    elif isinstance(y, Item):',
      '        y.touch()',
      '    if isinstance(z, Item):',
      '        z = other()',
      '        z.touch()',
      '    if isinstance(w, (Item, Store)):',
      '        w.touch()',
      '    x.get()',
      '    if isinstance(x, Item):',
      '        for key, value in x.pairs():',
      '            x.touch()',
      '    if isinstance(y, Item):',
      '        kept = y',
      '        kept.touch()',
      '        y = other()',
      '        for _ in range(2):',
      '            y.touch()',
      '            y = other()',
    ));
    assert.equal(receiver(callAt(facts, 3, 10).callee), 'models.Store');
    assert.equal(receiver(callAt(facts, 5, 10).callee), 'Item', 'an elif too');
    assert.deepEqual(receiver(callAt(facts, 8, 10).callee), { t: 'result', call: { form: 'name', name: 'other' } }, 'bound again in the block: that binding');
    assert.deepEqual(receiver(callAt(facts, 10, 10).callee), { t: 'named', name: 'Item | Store' }, 'a tuple of classes: their union');
    assert.equal(receiver(callAt(facts, 11, 6).callee), undefined, 'after the block');
    assert.equal(receiver(callAt(facts, 13, 28).callee), 'Item', 'a for loop over it does not bind it');
    assert.equal(receiver(callAt(facts, 14, 14).callee), 'Item');
    assert.equal(receiver(callAt(facts, 17, 13).callee), 'Item', 'bound again only after the use');
    assert.equal(receiver(callAt(facts, 20, 14).callee), undefined, 'not Item: the block binds it before, and the loop before a later turn');
  });
});

describe('extract/python isinstance on a declared union', () => {
  it('keeps the type arguments the parameter\'s union writes for the class checked, and eliminates it by its class', async () => {
    const facts = await extractPython(py(
      'def setter(value: Auth | list[Auth] | None, other: list[Auth] | None):',
      '    if not value:',
      '        return',
      '    elif isinstance(value, list):',
      '        value[0].to_header()',
      '    else:',
      '        value.to_header()',
      '    other = load()',
      '    if isinstance(other, list):',
      '        other[0].to_header()',
    ));
    assert.deepEqual(receiver(callAt(facts, 5, 17).callee), { t: 'element', of: { t: 'named', name: 'list[Auth]' }, indexed: true });
    assert.equal(receiver(callAt(facts, 7, 14).callee), 'Auth');
    // Bound again: the list checked may hold anything.
    assert.deepEqual(receiver(callAt(facts, 10, 17).callee), { t: 'element', of: { t: 'named', name: 'list' }, indexed: true });
  });
});

describe('extract/python isinstance guards', () => {
  it('types a local after a guard `if not isinstance(x, C):` that always leaves, for the rest of its block', async () => {
    const facts = await extractPython(py(
      'def f(x, y, z, w, v):',
      '    if not isinstance(x, Store):',
      '        raise TypeError(x)',
      '    x.get()',
      '    if not isinstance(y, Store):',
      '        log(y)',
      '    y.get()',
      '    if not isinstance(z, Store):',
      '        return None',
      '    z = other()',
      '    z.get()',
      '    for item in v:',
      '        if not isinstance(item, Store):',
      '            continue',
      '        item.get()',
      '    if not isinstance(w, (Store, Item)):',
      '        return',
      '    w.get()',
    ));
    assert.equal(receiver(callAt(facts, 4, 6).callee), 'Store');
    assert.equal(receiver(callAt(facts, 7, 6).callee), undefined, 'a guard that does not always leave');
    assert.deepEqual(receiver(callAt(facts, 11, 6).callee), { t: 'result', call: { form: 'name', name: 'other' } }, 'bound again after the guard');
    assert.equal(receiver(callAt(facts, 15, 13).callee), 'Store', 'continue leaves the iteration');
    assert.deepEqual(receiver(callAt(facts, 18, 6).callee), { t: 'named', name: 'Store | Item' }, 'a tuple of classes: their union');
  });
});

describe('extract/python decorated functions and overloads', () => {
  it('types a decorated name by what its outermost decorator makes, with the shape of the arguments', async () => {
    const facts = await extractPython(py(
      'import click',
      '@click.group(help="x")',
      'def cli(): pass',
      '@register',
      '@click.command()',
      'def plain(): pass',
      '@cli.command(*names)',
      'def splat(): pass',
      'def undecorated(): pass',
      'cli.add_command(plain)',
      'def build():',
      '    @click.group("tools", cls=Group)',
      '    def local(): pass',
      '    local.add_command(plain)',
    ));
    const group = { form: 'member', object: 'click', property: 'group', receiverType: { t: 'value', of: { form: 'name', name: 'click' } } };
    assert.deepEqual(symbolNamed(facts, 'cli').valueType, { t: 'returns', of: { t: 'result', call: group, given: { positional: 0, keywords: ['help'] } } });
    assert.deepEqual(symbolNamed(facts, 'plain').valueType, { t: 'result', call: { form: 'name', name: 'register' }, given: { positional: 1 } });
    const splat = symbolNamed(facts, 'splat').valueType;
    assert.ok(splat?.t === 'returns' && splat.of.t === 'result' && splat.of.given === undefined, 'a splat leaves the shape unknown');
    assert.equal(symbolNamed(facts, 'undecorated').valueType, undefined);
    // A module-level name is read through its symbol, whose valueType that is.
    assert.deepEqual(receiver(callAt(facts, 10, 4).callee), { t: 'value', of: { form: 'name', name: 'cli' } });
    assert.deepEqual(receiver(callAt(facts, 14, 10).callee), {
      t: 'returns', of: { t: 'result', call: group, given: { positional: 1, keywords: ['cls'], literals: [0] } },
    }, 'a decorated local def too');
  });

  it("writes each @overload stub's parameters by shape, a method's receiver left out, on the implementation", async () => {
    const facts = await extractPython(py(
      'from typing import TypeVar, overload',
      'T = TypeVar("T")',
      '@overload',
      'def get(key: str, /) -> Item: ...',
      '@overload',
      'def get(key: str, default: T, *, strict: bool) -> Item | T: ...',
      'def get(*args, **kwargs): pass',
      'class Box:',
      '    @overload',
      '    def put(self, item: Item) -> None: ...',
      '    @overload',
      '    def put(self, *items: Item, **options: Any) -> "Box": ...',
      '    def put(self, *items, **options): pass',
      '    @overload',
      '    @classmethod',
      '    def make(cls, size: int) -> "Box": ...',
      '    @overload',
      '    @staticmethod',
      '    def make(size: str) -> "Box": ...',
      '    def make(*args): pass',
      'def single(x: int) -> int: return x',
      '_Fn = Callable[..., Any]',
      '@overload',
      'def wrap(f: _Fn) -> Item: ...',
      '@overload',
      'def wrap(f: t.Optional[t.Callable[[int], int]] = None, *names: Callable) -> Box: ...',
      '@overload',
      'def wrap(name: str | None = None) -> Box: ...',
      'def wrap(*args): pass',
    ));
    assert.deepEqual(symbolNamed(facts, 'get').overloads, ['(key, /) -> Item', '(key, default, *, strict) -> ']);
    assert.deepEqual(symbolNamed(facts, 'Box.put').overloads, ['bound (item) -> ', 'bound (*items, **options) -> Box']);
    assert.deepEqual(symbolNamed(facts, 'Box.make').overloads, ['(size) -> Box', '(size) -> Box']);
    assert.equal(symbolNamed(facts, 'single').overloads, undefined);
    assert.deepEqual(symbolNamed(facts, 'wrap').overloads, [
      '(f: callable) -> Item', '(f=: callable, *names: callable) -> Box', '(name=) -> Box',
    ], 'annotated to take only functions: Callable, optional or not, or a module-level alias of it');
  });
});
