import * as assert from 'node:assert/strict';
import { parseRepoConfig } from '../../src/index/repoConfig';

describe('.ckg.yaml', () => {
  const parse = (text: string) => parseRepoConfig(text, 'repo/.ckg.yaml');

  it('reads service_name and the services a monorepo runs, folders in one spelling', () => {
    assert.deepEqual(parse('service_name: shop\nservices:\n  - {name: cart, path: ./services/cart/}\n  - {name: checkout, path: services\\\\checkout}\n'), {
      serviceName: 'shop', repoUrl: undefined, routesFramework: undefined,
      services: [{ name: 'cart', path: 'services/cart' }, { name: 'checkout', path: 'services/checkout' }],
    });
    assert.equal(parse('service_name: shop\n').services, undefined);
  });

  it('refuses a services declaration that is not a list of named folders inside the repository', () => {
    const bad = (text: string, message: RegExp) => assert.throws(() => parse(text), (e: Error) => message.test(e.message), text);
    bad('services: cart', /repo\/\.ckg\.yaml: services: expected a list of \{name, path\} entries, e\.g\. \[\{name: cart, path: services\/cart\}\]/);
    bad('services: [cart]', /services\[0\]: expected a list of \{name, path\} entries/);
    bad('services: [{path: services/cart}]', /services\[0\]\.name must be a non-empty string/);
    bad('services: [{name: cart}]', /services\[0\]\.path must be a non-empty string/);
    bad('services: [{name: cart, path: 3}]', /services\[0\]\.path must be a non-empty string/);
    bad('services: [{name: cart, path: ../cart}]', /services\[0\]\.path "\.\.\/cart": expected a folder inside the repository, e\.g\. services\/cart/);
    bad('services: [{name: cart, path: /srv/cart}]', /services\[0\]\.path "\/srv\/cart": expected a folder inside the repository/);
    bad('services: [{name: cart, path: .}]', /services\[0\]\.path "\.": expected a folder inside the repository/);
    bad('services: [{name: cart, path: a}, {name: cart, path: b}]', /services\[1\]\.name "cart": another service already has this name/);
    bad('services: [{name: a, path: x/}, {name: b, path: ./x}]', /services\[1\]\.path "\.\/x": another service already owns this folder/);
    bad('services: [{name: a, path: x, port: 80}]', /services\[0\]\.port: unknown key; expected only name and path/);
  });
});
