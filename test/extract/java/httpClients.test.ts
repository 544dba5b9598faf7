import * as assert from 'node:assert/strict';
import type { HttpCallFact } from '../../../src/extract/facts';
import { extractJava, java } from './helpers';

function show(fact: HttpCallFact): string {
  return `${fact.line}:${fact.col} ${fact.method} ${fact.url.host ?? ''}${fact.url.path} in ${fact.caller} (${fact.client})`;
}

describe('extract/java HTTP requests', () => {
  it('reads RestTemplate verbs and exchange on names declared RestTemplate, with literal, joined, formatted and templated URLs', async () => {
    const facts = await extractJava(java(
      'package shop;',
      'import org.springframework.http.HttpMethod;',
      'import org.springframework.web.client.RestTemplate;',
      'class Orders {',
      '  static final String BASE = "http://orders:8080";',
      '  private final RestTemplate rest;',
      '  String one(long id) {',
      '    return rest.getForObject(BASE + "/orders/" + id, String.class);',
      '  }',
      '  void create(RestTemplate template, Object body) {',
      '    template.postForEntity("http://orders/orders", body, String.class);',
      '    this.rest.put(String.format("%s/orders/%d", BASE, 7), body);',
      '    rest.exchange("http://orders/orders/{id}?full={f}", HttpMethod.DELETE, null, Void.class, 7, true);',
      '  }',
      '  void local() {',
      '    RestTemplate client = new RestTemplate();',
      '    String url = "/orders/" + 1 + "/lines";',
      '    client.patchForObject(url, null, String.class);',
      '  }',
      '}',
    ));
    assert.deepEqual((facts.httpCalls ?? []).map(show), [
      '8:16 GET orders/orders/{} in Orders.one (RestTemplate)',
      '11:13 POST orders/orders in Orders.create (RestTemplate)',
      '12:14 PUT /orders/{} in Orders.create (RestTemplate)',
      '13:9 DELETE orders/orders/{} in Orders.create (RestTemplate)',
      '18:11 PATCH /orders/{}/lines in Orders.local (RestTemplate)',
    ]);
  });

  it('reads WebClient chains: a verb or method(HttpMethod.X), then uri(...)', async () => {
    const facts = await extractJava(java(
      'package shop;',
      'import org.springframework.http.HttpMethod;',
      'import org.springframework.web.reactive.function.client.WebClient;',
      'class Carts {',
      '  private WebClient webClient;',
      '  void calls(String id) {',
      '    webClient.get().uri("/carts/{id}", id).retrieve();',
      '    webClient.post().uri("http://carts/carts").retrieve();',
      '    webClient.method(HttpMethod.PATCH).uri("/carts/" + id).retrieve();',
      '    webClient.get().uri(b -> b.path("/carts").build()).retrieve();',
      '  }',
      '}',
    ));
    assert.deepEqual((facts.httpCalls ?? []).map(show), [
      '7:14 GET /carts/{} in Carts.calls (WebClient)',
      '8:14 POST carts/carts in Carts.calls (WebClient)',
      '9:14 PATCH /carts/{} in Carts.calls (WebClient)',
    ]);
  });

  it('reads nothing without the client import, on other types, with relative URLs or names assigned again', async () => {
    const facts = await extractJava(java(
      'package shop;',
      'import org.springframework.web.client.RestTemplate;',
      'class Other {',
      '  private RestTemplate rest;',
      '  private Repo repo;',
      '  void calls(String base) {',
      '    repo.getForObject("/orders/1", String.class);',
      '    rest.getForObject("orders/1", String.class);',
      '    String url = "/orders";',
      '    url = url + "/2";',
      '    rest.getForObject(url, String.class);',
      '    rest.getForObject(base, String.class);',
      '  }',
      '}',
    ));
    assert.equal(facts.httpCalls, undefined);
    const unimported = await extractJava(java(
      'package shop;',
      'class Plain {',
      '  private RestTemplate rest;',
      '  void call() { rest.getForObject("/orders/1", String.class); }',
      '}',
    ));
    assert.equal(unimported.httpCalls, undefined);
  });
});
