import * as assert from 'node:assert/strict';
import { extractJava, java } from './helpers';

describe('extract/java imports', () => {
  it('imports from the package, naming nested classes and static members by their class', async () => {
    const facts = await extractJava(java(
      'package com.example.app;',
      'import java.util.List;',
      'import java.util.*;',
      'import com.example.model.Order.Line;',
      'import static org.junit.Assert.assertEquals;',
      'import static com.example.util.Strings.*;',
      'import org.example.lowercase.thing;',
    ));
    assert.deepEqual(facts.imports, [
      { line: 2, col: 0, source: 'java.util', bindings: [{ imported: 'List', local: 'List' }] },
      { line: 3, col: 0, source: 'java.util', bindings: [{ imported: '*', local: '*' }] },
      { line: 4, col: 0, source: 'com.example.model', bindings: [{ imported: 'Order.Line', local: 'Line' }] },
      { line: 5, col: 0, source: 'org.junit', bindings: [{ imported: 'Assert.assertEquals', local: 'assertEquals' }] },
      { line: 6, col: 0, source: 'com.example.util', bindings: [{ imported: 'Strings.*', local: '*' }] },
      { line: 7, col: 0, source: 'org.example.lowercase', bindings: [{ imported: 'thing', local: 'thing' }] },
    ]);
  });

  it('skips an import with no package and a half-written one', async () => {
    const facts = await extractJava(java('import Foo;', 'import ;', 'import a.b.C;'));
    assert.deepEqual(facts.imports.map((i) => i.source), ['a.b']);
  });
});
