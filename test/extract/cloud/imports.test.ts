import * as assert from 'node:assert/strict';
import { linkRepo } from '../../helpers/linkRepo';
import { extractYaml, yaml } from '../yaml/helpers';

/** `source @line:col` of each import. */
function importLines(facts: { imports: readonly { source: string; line: number; col: number }[] }): string[] {
  return facts.imports.map((i) => `${i.source} @${i.line}:${i.col}`);
}

describe('extract/cloud imports', () => {
  it('imports the templates of nested stacks: TemplateURL, and SAM Location as a path', async () => {
    const facts = await extractYaml(yaml(
      'AWSTemplateFormatVersion: "2010-09-09"',
      'Resources:',
      '  Network:',
      '    Type: AWS::CloudFormation::Stack',
      '    Properties: {TemplateURL: ./network.yaml}',
      '  Remote:',
      '    Type: AWS::CloudFormation::Stack',
      '    Properties: {TemplateURL: "https://s3.amazonaws.com/bucket/db.yaml"}',
      '  Built:',
      '    Type: AWS::CloudFormation::Stack',
      '    Properties: {TemplateURL: !Sub "https://${Bucket}.s3.amazonaws.com/x.yaml"}',
      '  App:',
      '    Type: AWS::Serverless::Application',
      '    Properties: {Location: apps/resizer/template.yaml}',
      '  Published:',
      '    Type: AWS::Serverless::Application',
      '    Properties: {Location: {ApplicationId: arn:aws:serverlessrepo:x, SemanticVersion: 1.0.0}}',
    ), 'stacks/template.yaml');
    assert.deepEqual(importLines(facts), [
      './network.yaml @5:30',
      'https://s3.amazonaws.com/bucket/db.yaml @8:31',
      'apps/resizer/template.yaml @14:27',
    ]);
  });

  it('imports compose include entries and the files services extend', async () => {
    const facts = await extractYaml(yaml(
      'include:',
      '  - ./db/compose.yaml',
      '  - path: [../shared/cache.yaml, ./cache.override.yaml]',
      '  - path: ./queue/compose.yaml',
      'services:',
      '  web:',
      '    extends: {file: ./common.yaml, service: base}',
      '  worker:',
      '    extends: web',
    ), 'app/compose.yaml');
    assert.deepEqual(importLines(facts), [
      './db/compose.yaml @2:4',
      '../shared/cache.yaml @3:11',
      './cache.override.yaml @3:33',
      './queue/compose.yaml @4:10',
      './common.yaml @7:20',
    ]);
  });

  it('imports the files of whole-value Serverless ${file(...)} variables, not interpolated ones', async () => {
    const facts = await extractYaml(yaml(
      'service: s',
      'provider: {name: aws}',
      'functions:',
      '  f: {handler: f.h}',
      'custom: ${file(./config.yml):custom}',
      'resources:',
      '  - ${file(resources/queues.yml)}',
      '  - ${file(./resources/${opt:stage}.yml)}',
    ), 'orders/serverless.yml');
    assert.deepEqual(importLines(facts), ['./config.yml @5:8', 'resources/queues.yml @7:4']);
  });

  it('links an import to the file of the repo, and a remote template to a placeholder', async () => {
    const files = await Promise.all([
      extractYaml(yaml('Resources:', '  N: {Type: AWS::CloudFormation::Stack, Properties: {TemplateURL: ./network.yaml}}', '  R: {Type: AWS::CloudFormation::Stack, Properties: {TemplateURL: "https://s3/x.yaml"}}'), 'stacks/template.yaml'),
      extractYaml(yaml('Resources:', '  Vpc: {Type: AWS::EC2::VPC}'), 'stacks/network.yaml'),
    ]);
    assert.deepEqual(linkRepo(files).edges.filter((e) => e.startsWith('imports')).sort(), [
      'imports stacks/template.yaml -> UNRESOLVED/https://s3/x.yaml',
      'imports stacks/template.yaml -> stacks/network.yaml',
    ]);
  });
});
