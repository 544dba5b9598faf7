import * as assert from 'node:assert/strict';
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
  });

  it('names nothing for other unions and None', () => {
    const { named } = pythonTypeSyntax;
    for (const type of ['A | B', 'Union[A, B]', 'None', 'Optional[A | B]', '']) {
      assert.equal(named(type), undefined, type);
    }
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
});
