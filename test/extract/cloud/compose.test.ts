import * as assert from 'node:assert/strict';
import { extractYaml, linkLines, symbolSummary, yaml } from '../yaml/helpers';

describe('extract/cloud: docker-compose', () => {
  it('declares each service at its key, with image or build in the signature', async () => {
    const facts = await extractYaml(yaml(
      'services:',
      '  # The API.',
      '  api:',
      '    image: shop/api:1.0',
      '  web:',
      '    build: {context: ./web}',
      '  bare: {}',
    ), 'docker-compose.yml');
    assert.deepEqual(facts.symbols.map(symbolSummary), [
      { line: 3, col: 2, name: 'api', kind: 'service', endLine: 4, signature: 'api: image shop/api:1.0', doc: 'The API.', exported: true, keys: ['compose:docker-compose.yml:api'] },
      { line: 5, col: 2, name: 'web', kind: 'service', endLine: 6, signature: 'web: build ./web', doc: '', exported: true, keys: ['compose:docker-compose.yml:web'] },
      { line: 7, col: 2, name: 'bare', kind: 'service', endLine: 7, signature: 'bare', doc: '', exported: true, keys: ['compose:docker-compose.yml:bare'] },
    ]);
  });

  it('connects a service to what depends_on (list and map), links and network_mode name in the same file', async () => {
    const facts = await extractYaml(yaml(
      'services:',
      '  web:',
      '    depends_on: [api, missing, web]',
      '  api:',
      '    depends_on:',
      '      db: {condition: service_healthy}',
      '    links: ["db:database", cache]',
      '  sidecar:',
      '    network_mode: "service:api"',
      '  db: {}',
      '  cache: {}',
    ), 'compose.yaml');
    assert.deepEqual(linkLines(facts), [
      'connects_to web -> api @3:17',
      'connects_to api -> db @6:6',
      'connects_to api -> cache @7:27',
      'connects_to sidecar -> api @9:19',
    ]);
  });

  it('connects services sharing a user-defined network once per pair, from the earlier to the later', async () => {
    const facts = await extractYaml(yaml(
      'services:',
      '  a: {networks: [front, back]}',
      '  b: {networks: {back: {aliases: [bee]}, default: {}}}',
      '  c:',
      '    networks: [back, front]',
      '    depends_on: [a]',
      '  d: {networks: [default, undeclared]}',
      '  e: {networks: [default]}',
      'networks:',
      '  front: {}',
      '  back: {driver: bridge}',
      '  default: {name: shared}',
    ), 'docker-compose.yml');
    assert.deepEqual(linkLines(facts), [
      'connects_to c -> a @6:17',
      'connects_to a -> b @3:17',
      'connects_to b -> c @5:15',
    ]);
  });
});
