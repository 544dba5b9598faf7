import * as assert from 'node:assert/strict';
import type { HttpCallFact } from '../../../src/extract/facts';
import { cs, extractCSharp } from './helpers';

function show(fact: HttpCallFact): string {
  return `${fact.line}:${fact.col} ${fact.method} ${fact.url.host ?? ''}${fact.url.path} in ${fact.caller} (${fact.client})`;
}

describe('extract/csharp HTTP requests', () => {
  it('reads HttpClient verb methods on names declared HttpClient, with literal, joined, interpolated and formatted URLs', async () => {
    const facts = await extractCSharp(cs(
      'namespace Shop;',
      'public class OrdersClient',
      '{',
      '    private const string Base = "http://orders:8080";',
      '    private readonly HttpClient _http;',
      '    public OrdersClient(HttpClient http) { _http = http; }',
      '    public async Task Calls(int id, HttpClient other)',
      '    {',
      '        await _http.GetAsync(Base + "/orders/" + id);',
      '        await other.GetFromJsonAsync<Order>($"{Base}/orders/{id}?full=true");',
      '        await other.PostAsJsonAsync("http://orders/orders", new Order());',
      '        await this._http.DeleteAsync(string.Format("{0}/orders/{1:D}", Base, id));',
      '        var client = new HttpClient();',
      '        var url = $"/orders/{id}/lines";',
      '        await client.PatchAsync(new Uri(url), null);',
      '        await client.SendAsync(new HttpRequestMessage(HttpMethod.Put, "/orders/" + id));',
      '        var request = new HttpRequestMessage(new HttpMethod("HEAD"), "http://orders/health");',
      '        await client.SendAsync(request);',
      '    }',
      '}',
    ));
    assert.deepEqual((facts.httpCalls ?? []).map(show), [
      '9:20 GET orders/orders/{} in OrdersClient.Calls (HttpClient)',
      '10:20 GET /orders/{} in OrdersClient.Calls (HttpClient)',
      '11:20 POST orders/orders in OrdersClient.Calls (HttpClient)',
      '12:25 DELETE /orders/{} in OrdersClient.Calls (HttpClient)',
      '15:21 PATCH /orders/{}/lines in OrdersClient.Calls (HttpClient)',
      '16:21 PUT /orders/{} in OrdersClient.Calls (HttpClient)',
      '18:21 HEAD orders/health in OrdersClient.Calls (HttpClient)',
    ]);
  });

  it('reads nothing on other types, untyped clients, relative URLs or names assigned again', async () => {
    const facts = await extractCSharp(cs(
      'namespace Shop;',
      'public class Other',
      '{',
      '    private readonly IRepo _repo;',
      '    private readonly HttpClient _http;',
      '    public async Task Calls(IHttpClientFactory factory, string baseUrl)',
      '    {',
      '        await _repo.GetAsync("/orders/1");',
      '        var client = factory.CreateClient("orders");',
      '        await client.GetAsync("/orders/1");',
      '        await _http.GetAsync("orders/1");',
      '        var url = "/orders";',
      '        url += "/2";',
      '        await _http.GetAsync(url);',
      '        await _http.GetAsync(baseUrl);',
      '    }',
      '}',
    ));
    assert.equal(facts.httpCalls, undefined);
  });
});
