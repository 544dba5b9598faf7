import * as assert from 'node:assert/strict';
import { extractPython, py } from './helpers';

describe('extract/python imports', () => {
  it('reports module imports, aliases, from-imports, relative and wildcard imports', async () => {
    const facts = await extractPython(py(
      'import os',
      'import a.b',
      'import a.b as c, json',
      'from a.b import x, y as z',
      'from . import sibling',
      'from ..models import (User,',
      '    Group)',
      'from .utils.text import *',
    ));
    assert.deepEqual(facts.imports, [
      { line: 1, col: 0, source: 'os', bindings: [{ imported: '*', local: 'os' }] },
      { line: 2, col: 0, source: 'a.b', bindings: [{ imported: '*', local: 'a.b' }] },
      { line: 3, col: 0, source: 'a.b', bindings: [{ imported: '*', local: 'c' }] },
      { line: 3, col: 0, source: 'json', bindings: [{ imported: '*', local: 'json' }] },
      { line: 4, col: 0, source: 'a.b', bindings: [{ imported: 'x', local: 'x' }, { imported: 'y', local: 'z' }] },
      { line: 5, col: 0, source: '.', bindings: [{ imported: 'sibling', local: 'sibling' }] },
      { line: 6, col: 0, source: '..models', bindings: [{ imported: 'User', local: 'User' }, { imported: 'Group', local: 'Group' }] },
      { line: 8, col: 0, source: '.utils.text', bindings: [{ imported: '*', local: '*' }] },
    ]);
  });

  it('reads the names a star import of the module binds from a literal __all__, and only from one', async () => {
    const starExports = async (...lines: string[]) => (await extractPython(py(...lines))).starExports;
    assert.deepEqual(await starExports('__all__ = ["Client", \'get\']', 'class Client: pass'), ['Client', 'get']);
    assert.deepEqual(await starExports('__all__ = (', '    "a",  # the first', '    "b",', ')'), ['a', 'b']);
    assert.deepEqual(await starExports('__all__: list[str] = []'), []);
    assert.deepEqual(await starExports("__all__ = 'BaseModel', 'create_model'"), ['BaseModel', 'create_model'], 'a tuple without parentheses');
    assert.equal(await starExports('class Client: pass', 'def f():', '    __all__ = ["x"]'), undefined, 'no __all__ at module level');
    assert.equal(await starExports('__all__ = names()'), null, 'computed');
    assert.equal(await starExports('__all__ = ["a"]', '__all__ += ["b"]'), null, 'extended');
    assert.equal(await starExports('__all__ = ["a", name]'), null, 'not all strings');
    assert.equal(await starExports('__all__ = ["a"]', '__all__ = ["b"]'), null, 'assigned twice');
  });

  it('counts imports inside functions and TYPE_CHECKING blocks', async () => {
    const facts = await extractPython(py(
      'from typing import TYPE_CHECKING',
      'if TYPE_CHECKING:',
      '    from app.models import User',
      'def load():',
      '    import json',
      '    return json',
    ));
    assert.deepEqual(facts.imports.map((i) => [i.line, i.col, i.source]), [
      [1, 0, 'typing'], [3, 4, 'app.models'], [5, 4, 'json'],
    ]);
  });
});
