import * as assert from 'node:assert/strict';
import { overloadResult } from '../../../src/resolve/languages/pythonOverloads';
import { pythonTypeSyntax } from '../../../src/resolve/languages/pythonTypes';

describe('resolve/languages/pythonTypes', () => {
  it('names the class behind Optional, `| None`, quotes and user generics', () => {
    const { named } = pythonTypeSyntax;
    assert.equal(named('Store'), 'Store');
    assert.equal(named('models.Store'), 'models.Store');
    assert.equal(named('Optional[Store]'), 'Store');
    assert.equal(named('typing.Optional["Store"]'), 'Store');
    assert.equal(named('Store | None'), 'Store');
    assert.equal(named('None | Store'), 'Store');
    assert.equal(named('"Store"'), 'Store');
    assert.equal(named('Repo[Item]'), 'Repo');
    assert.equal(named('Union[Store, None]'), 'Store');
    // A class of the repo may be called Generator or Set: builtin containers resolve to no class of the repo anyway.
    assert.equal(named('Generator'), 'Generator');
    assert.equal(named('list[Item]'), 'list');
    assert.equal(named('test_counts>Counting'), 'test_counts>Counting', 'a class defined in a function');
    assert.equal(named('Optional[C.m>Local]'), 'C.m>Local');
  });

  it('reads the type a qualifier holds: ClassVar, Final, Annotated', () => {
    const { named, element } = pythonTypeSyntax;
    assert.equal(named('t.ClassVar[r.Map]'), 'r.Map');
    assert.equal(named('typing.Final["Limit"]'), 'Limit');
    assert.equal(named('Annotated[Adapter | None, "doc"]'), 'Adapter');
    assert.equal(named('ClassVar[Final[Map]]'), 'Map');
    assert.equal(element('ClassVar[list[Rule]]'), 'Rule');
    assert.deepEqual(pythonTypeSyntax.alternatives?.('ClassVar[A | B]'), ['A', 'B']);
    assert.equal(named('ClassVar'), 'ClassVar', 'a bare qualifier is a name like any other');
  });

  it('unpacks a fixed tuple by position, any other iterable into its elements, and a mapping\'s items as pairs', () => {
    const positional = (type: string, position: number): string | undefined => pythonTypeSyntax.positional?.(type, position);
    assert.equal(positional('tuple[Rule, dict[str, str]] | None', 0), 'Rule');
    assert.equal(positional('tuple[Rule, dict[str, str]]', 1), 'dict[str, str]');
    assert.equal(positional('tuple[Rule, ...]', 3), 'Rule');
    assert.equal(positional('list[Rule]', 1), 'Rule');
    assert.equal(positional('tuple[Rule, Item]', 2), undefined, 'no third element');
    assert.equal(positional('dict[str, Rule]', 0), undefined, 'unpacking a mapping gives its keys, which no rule reads');
    assert.equal(pythonTypeSyntax.builtinResult?.('dict[str, Rule]', 'items'), 'list[tuple[str, Rule]]');
  });

  it('names nothing for other unions and None', () => {
    const { named } = pythonTypeSyntax;
    for (const type of ['A | B', 'Union[A, B]', 'None', 'Optional[A | B]', '']) {
      assert.equal(named(type), undefined, type);
    }
  });

  it('lists the members of a union of two or more classes, None left out', () => {
    const alternatives = (type: string): string[] | undefined => pythonTypeSyntax.alternatives?.(type);
    assert.deepEqual(alternatives('Headers | MultiDict'), ['Headers', 'MultiDict']);
    assert.deepEqual(alternatives('Union[A, b.B, None]'), ['A', 'b.B']);
    assert.deepEqual(alternatives('typing.Optional[A | B]'), ['A', 'B']);
    assert.deepEqual(alternatives('"A | B"'), ['A', 'B']);
    for (const type of ['A', 'A | None', 'Optional[A]', 'list[A | B]']) assert.equal(alternatives(type), undefined, type);
  });

  it('yields the element of one-type containers, homogeneous tuples and generators', () => {
    const { element } = pythonTypeSyntax;
    assert.equal(element('list[Item]'), 'Item');
    assert.equal(element('typing.List["Item"]'), '"Item"');
    assert.equal(element('Optional[Sequence[Item]]'), 'Item');
    assert.equal(element('Iterator[models.Item]'), 'models.Item');
    assert.equal(element('set[Item] | None'), 'Item');
    assert.equal(element('tuple[Item, ...]'), 'Item');
    assert.equal(element('Generator[Item, None, None]'), 'Item');
    assert.equal(element('list[dict[str, Item]]'), 'dict[str, Item]');
  });

  it('yields nothing for dicts, fixed tuples, user generics and plain names', () => {
    const { element } = pythonTypeSyntax;
    for (const type of ['dict[str, Item]', 'Mapping[str, Item]', 'tuple[A, B]', 'Repo[Item]', 'Item', 'list']) {
      assert.equal(element(type), undefined, type);
    }
  });

  it('reads a class object: type[C] holds C, and has its class\'s members', () => {
    const held = (type: string) => pythonTypeSyntax.classHeld?.(type);
    assert.equal(held('type[Store]'), 'Store');
    assert.equal(held('typing.Type[models.Store]'), 'models.Store');
    assert.equal(held('Optional[type[Store]]'), 'Store');
    assert.equal(held('Store'), undefined);
    assert.equal(held('list[type[Store]]'), undefined);
    assert.equal(pythonTypeSyntax.named('type[models.Store]'), 'models.Store');
  });

  it('calls a Callable for its result: typing\'s, collections.abc\'s, with a parameter list or ...', () => {
    const result = (type: string) => pythonTypeSyntax.result?.(type, 0);
    assert.equal(result('Callable[[F], Group]'), 'Group');
    assert.equal(result('t.Callable[[t.Callable[..., t.Any]], Command]'), 'Command');
    assert.equal(result('collections.abc.Callable[..., Store]'), 'Store');
    for (const type of ['Callable[[F], None]', 'Callable', 'Group', 'Callable[[F], Group] | None']) assert.equal(result(type), undefined, type);
    assert.equal(pythonTypeSyntax.result?.('Callable[[F], Group]', 1), undefined);
  });

  it('calls a class object for an instance: type[C] makes a C', () => {
    const result = (type: string) => pythonTypeSyntax.result?.(type, 0);
    assert.equal(result('type[Store]'), 'Store');
    assert.equal(result('typing.Type[models.Store]'), 'models.Store');
    assert.equal(result('Optional[type[Store]]'), 'Store');
    assert.equal(result('list[type[Store]]'), undefined);
  });

  it("indexes a mapping for its values, and other containers as they iterate", () => {
    const indexed = (type: string) => pythonTypeSyntax.indexed?.(type);
    assert.equal(indexed('dict[str, type[Item]]'), 'type[Item]');
    assert.equal(indexed('typing.Mapping[str, Item]'), 'Item');
    assert.equal(indexed('defaultdict[str, list[Item]]'), 'list[Item]');
    assert.equal(indexed('Optional[dict[str, Item]]'), 'Item');
    assert.equal(indexed('list[Item]'), 'Item');
    for (const type of ['dict[str]', 'dict', 'Item', 'tuple[A, B]']) assert.equal(indexed(type), undefined, type);
  });
});

describe('resolve/languages/pythonOverloads', () => {
  const group = [
    '(name) -> Group',
    '(name=, *, cls) -> ',
    '(name=, cls=, **attrs) -> Callable[[F], Group]',
  ];

  it('gives the result of the overloads that bind the arguments as Python does', () => {
    assert.equal(overloadResult(group, { positional: 0 }), 'Callable[[F], Group]', 'only the last takes no argument at all');
    assert.equal(overloadResult(group, { positional: 0, keywords: ['help'] }), 'Callable[[F], Group]', '**attrs takes any keyword');
    assert.equal(overloadResult(['(key, /) -> A', '(key, default) -> B'], { positional: 2 }), 'B');
    assert.equal(overloadResult(['(key, /) -> A', '(key, default) -> B'], { positional: 1, keywords: ['default'] }), 'B');
    assert.equal(overloadResult(['(*items) -> A', '(*, key) -> B'], { positional: 3 }), 'A');
    assert.equal(overloadResult(['(*items) -> A', '(*, key) -> B'], { positional: 0, keywords: ['key'] }), 'B');
  });

  it('gives nothing when the matching overloads disagree, one gives no result, or none matches', () => {
    assert.equal(overloadResult(group, { positional: 1 }), null, 'a name or the function: told apart by type only');
    assert.equal(overloadResult(group, { positional: 0, keywords: ['cls'] }), null, 'a type variable result');
    assert.equal(overloadResult(['(key, /) -> A'], { positional: 0, keywords: ['key'] }), null, 'positional-only');
    assert.equal(overloadResult(['(key) -> A'], { positional: 1, keywords: ['key'] }), null, 'bound twice');
    assert.equal(overloadResult(['(a, b) -> A'], { positional: 3 }), null);
    assert.equal(overloadResult(['(*, cls) -> A'], { positional: 0 }), null, 'a required keyword-only parameter');
    assert.equal(overloadResult(['not a signature'], { positional: 0 }), null);
  });

  it("reads an instance method's stub both ways: called on an instance, or on the class with the receiver first", () => {
    const command = ['bound (__func: callable) -> Command', 'bound (*args, **kwargs) -> Callable[[F], Command]'];
    assert.equal(overloadResult(command, { positional: 0 }), 'Callable[[F], Command]');
    assert.equal(overloadResult(command, { positional: 1 }), null, 'on an instance with one argument, or on the class with none');
    assert.equal(overloadResult(['bound (item) -> A'], { positional: 2 }), 'A', 'Box.put(box, item)');
  });

  it('binds no string or number literal to a parameter annotated to take only functions', () => {
    const command = ['bound (__func: callable) -> Command', 'bound (*args, **kwargs) -> Callable[[F], Command]'];
    assert.equal(overloadResult(command, { positional: 1, literals: [0] }), 'Callable[[F], Command]', 'cli.command("name")');
    const group = ['(name: callable) -> Group', '(name=, cls=, **attrs) -> Callable[[F], Group]'];
    assert.equal(overloadResult(group, { positional: 1, literals: [0] }), 'Callable[[F], Group]');
    assert.equal(overloadResult(group, { positional: 1 }), null, 'not a literal: either may take it');
    assert.equal(overloadResult(['(*fns: callable) -> A', '(*names) -> B'], { positional: 2, literals: [1] }), 'B', 'a rest parameter too');
    assert.equal(overloadResult(['(name=: callable) -> A'], { positional: 1, literals: [0] }), null);
  });
});

