import * as assert from 'node:assert/strict';
import { extractYaml, linkLines, symbolSummary, yaml } from '../yaml/helpers';

const PATH = 'orders/serverless.yml';

/** The subscribes and publishes links; handler code links are tested in handlers.test.ts. */
function messagingLines(facts: Parameters<typeof linkLines>[0]): string[] {
  return linkLines(facts).filter((line) => !line.startsWith('deploys '));
}

describe('extract/cloud: Serverless Framework', () => {
  it('declares each function at its key with the handler in the signature', async () => {
    const facts = await extractYaml(yaml(
      'service: orders',
      'functions:',
      '  # Takes orders.',
      '  create:',
      '    handler: src/orders.create',
      '  resize:',
      '    image: resizer:latest',
    ), PATH);
    assert.deepEqual(facts.symbols.map(symbolSummary), [
      { line: 4, col: 2, name: 'create', kind: 'function', endLine: 5, signature: 'create: src/orders.create', doc: 'Takes orders.', exported: true },
      { line: 6, col: 2, name: 'resize', kind: 'function', endLine: 7, signature: 'resize: resizer:latest', doc: '', exported: true },
    ]);
  });

  it('turns http and httpApi events into routes handled by the function', async () => {
    const facts = await extractYaml(yaml(
      'service: orders',
      'functions:',
      '  api:',
      '    handler: h.api',
      '    events:',
      '      - http: {method: post, path: orders}',
      '      - http: GET orders/{id}',
      "      - httpApi: 'DELETE /orders/{id}'",
      '      - httpApi:',
      '          method: "*"',
      '          path: /items/{proxy+}',
      "      - httpApi: '*'",
      '      - schedule: rate(1 hour)',
    ), PATH);
    const handler = { form: 'name', name: 'api' };
    const common = { mappingType: 'http_route', handler, registeredIn: 'api', framework: 'serverless' };
    assert.deepEqual(facts.routes, [
      { line: 6, col: 35, method: 'POST', path: '/orders', ...common },
      { line: 7, col: 14, method: 'GET', path: '/orders/{id}', ...common },
      { line: 8, col: 18, method: 'DELETE', path: '/orders/{id}', ...common },
      { line: 11, col: 16, method: 'ANY', path: '/items/{proxy}', ...common },
      { line: 12, col: 18, method: 'ANY', path: '/*', ...common },
    ]);
  });

  it('subscribes functions to sns and sqs sources: declared resources locally, names and ARNs by key', async () => {
    const facts = await extractYaml(yaml(
      'service: orders',
      'custom: {topic: audit-events}',
      'functions:',
      '  a:',
      '    handler: h.a',
      '    events:',
      '      - sns: dispatch',
      '      - sns: ${self:custom.topic}',
      '      - sns: {arn: !Ref Orders}',
      '      - sns: {arn: "arn:aws:sns:us-east-1:123:billing", topicName: billing}',
      '      - sqs: {arn: !GetAtt [Jobs, Arn]}',
      '      - sqs: arn:aws:sqs:us-east-1:123:legacy',
      '      - sqs: {arn: !ImportValue shared-queue}',
      'resources:',
      '  Resources:',
      '    Orders: {Type: AWS::SNS::Topic}',
      '    Jobs: {Type: AWS::SQS::Queue}',
    ), PATH);
    assert.deepEqual(messagingLines(facts), [
      'subscribes a -> [cloud:topic:dispatch] (else topic dispatch) @7:13',
      'subscribes a -> [cloud:topic:audit-events] (else topic audit-events) @8:13',
      'subscribes a -> Orders @9:24',
      'subscribes a -> [cloud:topic:billing] (else topic billing) @10:20',
      'subscribes a -> Jobs @11:27',
      'subscribes a -> [cloud:queue:legacy] (else queue legacy) @12:13',
    ]);
  });

  it('makes every function a publisher of what provider-level statements and environment name, except to its own source', async () => {
    const facts = await extractYaml(yaml(
      'service: orders',
      'provider:',
      '  name: aws',
      '  iamRoleStatements:',
      '    - Effect: Allow',
      '      Action: [sns:Publish]',
      '      Resource: {Ref: Events}',
      '    - Effect: Deny',
      '      Action: sqs:SendMessage',
      '      Resource: !GetAtt Jobs.Arn',
      '    - Effect: Allow',
      "      Action: 'sqs:*'",
      '      Resource: !GetAtt Jobs.Arn',
      '  environment:',
      '    JOBS_URL: !Ref Jobs',
      '    STAGE: dev',
      'functions:',
      '  producer: {handler: p.h}',
      '  consumer:',
      '    handler: c.h',
      '    events: [{sqs: {arn: !GetAtt Jobs.Arn}}]',
      '    iamRoleStatements:',
      '      - {Effect: Allow, Action: [sqs:SendMessageBatch], Resource: "arn:aws:sqs:eu-west-1:1:dead-letters"}',
      'resources:',
      '  Resources:',
      '    Events: {Type: AWS::SNS::Topic}',
      '    Jobs: {Type: AWS::SQS::Queue}',
    ), PATH);
    assert.deepEqual(messagingLines(facts), [
      'subscribes consumer -> Jobs @21:33',
      'publishes producer -> Events @7:16',
      'publishes producer -> Jobs @15:19',
      'publishes consumer -> [cloud:queue:dead-letters] (else queue dead-letters) @23:67',
      'publishes consumer -> Events @7:16',
    ]);
  });

  it('reads provider.iam.role.statements (v3) and resources given as a list of sections', async () => {
    const facts = await extractYaml(yaml(
      'service: s',
      'provider:',
      '  iam:',
      '    role:',
      '      statements:',
      '        - {Effect: Allow, Action: sns:Publish, Resource: !Ref T}',
      'functions:',
      '  f: {handler: f.h}',
      'resources:',
      '  - Resources:',
      '      T: {Type: AWS::SNS::Topic, Properties: {TopicName: t}}',
      '  - Outputs: {}',
    ), PATH);
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.keys]), [
      ['T', 'topic', ['cfn:orders/serverless.yml:T', 'cloud:topic:t']],
      ['f', 'function', undefined],
    ]);
    assert.deepEqual(messagingLines(facts), ['publishes f -> T @6:62']);
  });
});
