import * as assert from 'node:assert/strict';
import { cs, extractCSharp } from './helpers';

describe('extract/csharp using directives', () => {
  it('imports namespaces, static types and aliases; global usings count for the file', async () => {
    const facts = await extractCSharp(cs(
      'global using System;',
      'using static System.Math;',
      'using Json = Newtonsoft.Json.JsonConvert;',
      'using Models = Shop.Models;',
      'namespace Other;',
    ));
    assert.deepEqual(facts.imports, [
      { line: 1, col: 13, source: 'System', bindings: [{ imported: '*', local: 'System' }, { imported: '*', local: '*' }] },
      { line: 2, col: 13, source: 'System', bindings: [{ imported: 'Math', local: 'Math' }], members: true },
      { line: 3, col: 13, source: 'Newtonsoft.Json', bindings: [{ imported: 'JsonConvert', local: 'Json' }] },
      { line: 4, col: 15, source: 'Shop', bindings: [{ imported: 'Models', local: 'Models' }] },
    ]);
  });

  it('makes every namespace import a wildcard too, so the resolver looks names up in all of them', async () => {
    const facts = await extractCSharp(cs('using Shop.Models;', 'using Microsoft.Extensions.Logging;', 'namespace Shop.Api;'));
    assert.deepEqual(facts.imports.map((i) => i.bindings), [
      [{ imported: '*', local: 'Shop.Models' }, { imported: '*', local: '*' }],
      [{ imported: '*', local: 'Microsoft.Extensions.Logging' }, { imported: '*', local: '*' }],
    ]);
  });
});
