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
      { line: 1, col: 13, source: 'System', bindings: [{ imported: '*', local: 'System' }] },
      { line: 2, col: 13, source: 'System', bindings: [{ imported: 'Math', local: 'Math' }] },
      { line: 3, col: 13, source: 'Newtonsoft.Json', bindings: [{ imported: 'JsonConvert', local: 'Json' }] },
      { line: 4, col: 15, source: 'Shop', bindings: [{ imported: 'Models', local: 'Models' }] },
    ]);
  });

  it('binds the type names the file uses through the last using of its own root namespace', async () => {
    const facts = await extractCSharp(cs(
      'using System.Text;',
      'using Shop.Models;',
      'using Shop.Services;',
      'using Microsoft.Extensions.Logging;',
      'namespace Shop.Api;',
      'public class Controller : ControllerBase {',
      '  private readonly IOrderService _orders;',
      '  private readonly ILogger<Controller> _log;',
      '  public Order Get(string id) => _orders.Find(id) ?? new Order(id);',
      '  void Log() => Console.WriteLine(Format.Text);',
      '}',
    ));
    const bound = facts.imports.map((i) => [i.source, i.bindings.filter((b) => b.imported !== '*').map((b) => b.local)]);
    assert.deepEqual(bound, [
      ['System.Text', []],
      ['Shop.Models', []],
      ['Shop.Services', ['Console', 'ControllerBase', 'ILogger', 'IOrderService', 'Order']],
      ['Microsoft.Extensions.Logging', []],
    ]);
  });

  it('outside any namespace, binds through the last using that is not System or Microsoft', async () => {
    const facts = await extractCSharp(cs(
      'using Api.Services;',
      'using Microsoft.AspNetCore.Builder;',
      'var store = new UserStore();',
    ), 'Program.cs');
    assert.deepEqual(facts.imports.map((i) => i.bindings.map((b) => b.local)), [['Api.Services', 'UserStore'], ['Microsoft.AspNetCore.Builder']]);
  });
});
