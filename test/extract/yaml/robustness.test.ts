import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { seededRandom } from '../../helpers/fuzz';
import { extractYaml, yaml } from './helpers';

/** A generated multi-document manifest of about `bytes` characters. */
function generatedManifest(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = yaml(
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      `  name: app-${i}`,
      'spec:',
      '  template:',
      '    metadata: {labels: {app: app-' + i + '}}',
      '    spec:',
      `      containers: [{name: c, image: "img:${i}", envFrom: [{configMapRef: {name: cfg-${i}}}]}]`,
    );
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

describe('extract/yaml on nasty input', () => {
  it('keeps the documents around a broken one in a multi-document stream and counts the error', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: before}',
      '---',
      'apiVersion: v1',
      'kind: Secret',
      'metadata: {name: broken',
      '  data: [1, 2',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: after}',
    ));
    assert.ok(facts.syntaxErrors > 0);
    const names = facts.symbols.map((s) => `${s.packagePath}.${s.name}@${s.line}`);
    assert.ok(names.includes('default/ConfigMap.before@3'), names.join(', '));
    assert.ok(names.includes('default/ConfigMap.after@12'), names.join(', '));
  });

  it('returns partial facts for a syntax error in the middle of a single document', async () => {
    const facts = await extractYaml(yaml(
      'services:',
      '  web:',
      '    image: nginx',
      '    depends_on: [db',
      '  db:',
      '    image: postgres',
    ), 'docker-compose.yml');
    assert.ok(facts.syntaxErrors > 0);
    assert.ok(facts.symbols.some((s) => s.name === 'web'));
  });

  it('handles empty files, comment-only files and a lone document marker', async () => {
    for (const source of ['', '\n\n', '# nothing here\n', '---\n', '---\n...\n']) {
      const facts = await extractYaml(source, 'docker-compose.yml');
      assert.deepEqual([facts.symbols, facts.imports, facts.routes, facts.links ?? []], [[], [], [], []], JSON.stringify(source));
      assert.equal(facts.syntaxErrors, 0);
    }
  });

  it('extracts a 2 MB generated manifest stream', async () => {
    const source = generatedManifest(2_000_000);
    const facts = await extractYaml(source, 'gen/huge.yaml');
    assert.equal(facts.syntaxErrors, 0);
    const count = facts.symbols.length;
    assert.ok(count > 5000, `objects: ${count}`);
    assert.equal(facts.links?.length, count);
    assert.deepEqual(facts.symbols[count - 1]!.keys, [`k8s:default/Deployment/app-${count - 1}`, 'k8s:dir:gen', `k8s:label:default/app=app-${count - 1}`]);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('does not expand aliases: a billion-laughs stream and alias cycles through merge keys are cheap', async () => {
    const laughs = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: lol}', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) laughs.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const bomb = await extractYaml(yaml(...laughs));
    assert.deepEqual(bomb.symbols.map((s) => s.name), ['lol']);
    const cyclic = await extractYaml(yaml(
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: &m {name: loop}',
      'spec:',
      '  template:',
      '    metadata:',
      '      labels: &l',
      '        <<: *l',
      '        app: x',
    ));
    assert.deepEqual(cyclic.symbols.map((s) => s.name), ['loop']);
  });

  it('parses CloudFormation intrinsics in every form, and unknown tags, without errors', async () => {
    const facts = await extractYaml(yaml(
      'Resources:',
      '  T:',
      '    Type: AWS::SNS::Topic',
      '    Properties:',
      '      A: !Ref X',
      '      B: !GetAtt [X, Arn]',
      '      C: !Sub {a: b}',
      '      D: !If [c, !Join ["", [a, !Ref Y]], !Ref "AWS::NoValue"]',
      '      E: !Base64 {"Fn::Sub": "x"}',
      '      F: !Unknown whatever',
      '      G: !!str 12',
    ), 'template.yaml');
    assert.equal(facts.syntaxErrors, 0);
    assert.deepEqual(facts.symbols.map((s) => s.name), ['T']);
  });

  it('survives random bytes and unbalanced input', async () => {
    const random = seededRandom(7);
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join('');
    await extractYaml(garbage, 'bin/garbage.yaml');
    await extractYaml(`apiVersion: v1\n${garbage}`, 'bin/garbage2.yaml');
    for (const source of ['apiVersion: v1\nkind: [', '{'.repeat(5000), `apiVersion: v1\n${'- '.repeat(3000)}x`, 'Resources: !Ref\n', 'apiVersion: *nope\nkind: *x']) {
      await extractYaml(source, 'x/odd.yaml');
      await extractYaml(source, 'template.yaml');
      await extractYaml(source, 'serverless.yml');
      await extractYaml(source, 'docker-compose.yml');
      await extractYaml(source, 'kustomization.yaml');
    }
  }).timeout(HEAVY_TEST_TIMEOUT_MS);
});
