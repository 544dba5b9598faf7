import * as assert from 'node:assert/strict';
import { SKIP_HELM_TEMPLATE, SKIP_NOT_A_MANIFEST, yamlExtractor } from '../../src/extract/yamlDocuments';
import { extractYaml, yaml } from './yaml/helpers';

const DEPLOYMENT = yaml('apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}');

describe('extract/yaml: what a YAML file is', () => {
  it('skips YAML that is no manifest or template, with no nodes', async () => {
    for (const [path, source] of [
      ['.github/workflows/ci.yml', yaml('on: [push]', 'jobs: {test: {steps: [{run: "echo ${{ github.sha }}"}]}}')],
      ['config/app.yaml', yaml('server: {port: 8080}')],
      ['charts/web/Chart.yaml', yaml('apiVersion: v2', 'name: web')],
      ['pnpm-lock.yaml', yaml("lockfileVersion: '9.0'")],
      ['empty.yaml', ''],
    ] as const) {
      const facts = await extractYaml(source, path);
      assert.equal(facts.skipReason, SKIP_NOT_A_MANIFEST, path);
      assert.deepEqual(facts.symbols, [], path);
    }
  });

  it('skips Helm templates: any Go template action, or a manifest inside a templates/ directory', async () => {
    const template = yaml('apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: {{ include "web.fullname" . }}', '{{- if .Values.x }}');
    for (const [path, source] of [
      ['charts/web/templates/deployment.yaml', template],
      ['deploy/rendered-later.yaml', template],
      ['charts/web/templates/static.yaml', DEPLOYMENT],
      ['templates/unclosed.yaml', yaml('a: {{ .Values.x', 'b: }}')],
    ] as const) {
      const facts = await extractYaml(source, path);
      assert.equal(facts.skipReason, SKIP_HELM_TEMPLATE, path);
      assert.deepEqual(facts.symbols, [], path);
    }
  });

  it('reads GitHub expressions and CloudFormation dynamic references as text, not templates', async () => {
    const facts = await extractYaml(yaml(
      'Resources:',
      '  Db:',
      '    Type: AWS::RDS::DBInstance',
      '    Properties: {MasterUserPassword: "{{resolve:secretsmanager:db}}"}',
    ), 'infra/db.yaml');
    assert.equal(facts.skipReason, undefined);
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind]), [['Db', 'resource']]);
  });

  it('dispatches by file name (compose, serverless, kustomization) before content', async () => {
    const compose = await extractYaml(yaml('services:', '  web: {image: nginx}'), 'docker-compose.override.yml');
    assert.deepEqual(compose.symbols.map((s) => [s.name, s.kind]), [['web', 'service']]);
    const composeV2 = await extractYaml(yaml('services:', '  web: {image: nginx}'), 'deploy/compose.prod.yaml');
    assert.equal(composeV2.symbols.length, 1);
    const sls = await extractYaml(yaml('service: x', 'functions:', '  f: {handler: f.h}'), 'svc/serverless.yaml');
    assert.deepEqual(sls.symbols.map((s) => [s.name, s.kind]), [['f', 'function']]);
    const slsByShape = await extractYaml(yaml('service: x', 'provider: {name: aws}', 'functions:', '  g: {handler: g.h}'), 'svc/sls.dev.yml');
    assert.deepEqual(slsByShape.symbols.map((s) => s.name), ['g']);
  });

  it('recognises CloudFormation by its version, a SAM transform, or AWS resource types', async () => {
    for (const head of ["AWSTemplateFormatVersion: '2010-09-09'", 'Transform: [AWS::Serverless-2016-10-31]', 'Description: x']) {
      const facts = await extractYaml(yaml(head, 'Resources:', '  T: {Type: AWS::SNS::Topic}'), 'stack/template.yaml');
      assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind]), [['T', 'topic']], head);
    }
    const notAws = await extractYaml(yaml('Resources:', '  T: {Type: Custom::Thing}'), 'x.yaml');
    assert.equal(notAws.skipReason, SKIP_NOT_A_MANIFEST);
  });

  it('parseOnly parses and counts documents, and does no work where extract parses nothing (a Helm template, YAML no tool reads)', async () => {
    const input = { path: 'a.yaml', language: 'yaml' as const };
    assert.equal(yamlExtractor.parseOnly({ ...input, source: `${DEPLOYMENT}---\n${DEPLOYMENT}` }), 2);
    assert.equal(yamlExtractor.parseOnly({ ...input, source: 'x: {{ .Values.y }}' }), 0);
    // A CI workflow: extract passes over it without parsing, so the floor does too.
    const workflow = 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n';
    assert.equal((await extractYaml(workflow, '.github/workflows/ci.yml')).skipReason, SKIP_NOT_A_MANIFEST);
    assert.equal(yamlExtractor.parseOnly({ ...input, path: '.github/workflows/ci.yml', source: workflow }), 0);
  });
});
