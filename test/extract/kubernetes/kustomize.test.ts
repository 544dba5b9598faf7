import * as assert from 'node:assert/strict';
import { extractYaml, yaml } from '../yaml/helpers';

describe('extract/kubernetes: kustomize', () => {
  it('imports each resources, bases and components entry at its position, files and directories alike', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: kustomize.config.k8s.io/v1beta1',
      'kind: Kustomization',
      'namespace: prod',
      'resources:',
      '  - deployment.yaml',
      '  - ../../base',
      '  - "https://github.com/example/app//deploy?ref=v1"',
      'bases: [../legacy]',
      'components:',
      '  - ../components/tracing',
      'patches:',
      '  - path: replicas.yaml',
    ), 'overlays/prod/kustomization.yaml');
    assert.deepEqual(facts.imports, [
      { line: 5, col: 4, source: 'deployment.yaml', bindings: [] },
      { line: 6, col: 4, source: '../../base', bindings: [] },
      { line: 7, col: 5, source: 'https://github.com/example/app//deploy?ref=v1', bindings: [] },
      { line: 8, col: 8, source: '../legacy', bindings: [] },
      { line: 10, col: 4, source: '../components/tracing', bindings: [] },
    ]);
    assert.deepEqual([facts.symbols, facts.links ?? []], [[], []]);
  });

  it('recognises a kustomization by its kind when the file has another name', async () => {
    const facts = await extractYaml(yaml('apiVersion: kustomize.config.k8s.io/v1beta1', 'kind: Kustomization', 'resources: [a.yaml]'), 'deploy/kustomize.yml');
    assert.deepEqual(facts.imports.map((i) => i.source), ['a.yaml']);
  });
});
