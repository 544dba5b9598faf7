import * as assert from 'node:assert/strict';
import { extractYaml, linkLines, symbolSummary, yaml } from '../yaml/helpers';

const PATH = 'stack/template.yaml';

describe('extract/cloud: CloudFormation and SAM', () => {
  it('declares resources by logical id: topics, queues, functions, and other resources', async () => {
    const facts = await extractYaml(yaml(
      "AWSTemplateFormatVersion: '2010-09-09'",
      'Resources:',
      '  # Order events.',
      '  Orders:',
      '    Type: AWS::SNS::Topic',
      '    Properties: {TopicName: orders}',
      '  Jobs:',
      '    Type: AWS::SQS::Queue',
      '    Properties: {QueueName: !Sub "${AWS::StackName}-jobs"}',
      '  Fn:',
      '    Type: AWS::Serverless::Function',
      '    Properties: {FunctionName: worker}',
      '  Legacy: {Type: AWS::Lambda::Function}',
      '  Bucket: {Type: AWS::S3::Bucket}',
      '  NotAResource: 12',
    ), PATH);
    assert.deepEqual(facts.symbols.map(symbolSummary), [
      {
        line: 4, col: 2, name: 'Orders', kind: 'topic', endLine: 6, signature: 'Orders: AWS::SNS::Topic', doc: 'Order events.', exported: true,
        keys: ['cfn:stack/template.yaml:Orders', 'cloud:topic:orders'],
      },
      { line: 7, col: 2, name: 'Jobs', kind: 'queue', endLine: 9, signature: 'Jobs: AWS::SQS::Queue', doc: '', exported: true, keys: ['cfn:stack/template.yaml:Jobs'] },
      {
        line: 10, col: 2, name: 'Fn', kind: 'function', endLine: 12, signature: 'Fn: AWS::Serverless::Function', doc: '', exported: true,
        keys: ['cfn:stack/template.yaml:Fn', 'cloud:function:worker'],
      },
      { line: 13, col: 2, name: 'Legacy', kind: 'function', endLine: 13, signature: 'Legacy: AWS::Lambda::Function', doc: '', exported: true, keys: ['cfn:stack/template.yaml:Legacy'] },
      { line: 14, col: 2, name: 'Bucket', kind: 'resource', endLine: 14, signature: 'Bucket: AWS::S3::Bucket', doc: '', exported: true, keys: ['cfn:stack/template.yaml:Bucket'] },
    ]);
    assert.deepEqual(facts.routes, []);
    assert.equal(facts.links, undefined);
  });

  it('subscribes a subscription endpoint to its topic, in short and long intrinsic forms', async () => {
    const facts = await extractYaml(yaml(
      'Resources:',
      '  T: {Type: AWS::SNS::Topic}',
      '  Q: {Type: AWS::SQS::Queue}',
      '  F: {Type: AWS::Lambda::Function}',
      '  S1:',
      '    Type: AWS::SNS::Subscription',
      '    Properties: {TopicArn: !Ref T, Endpoint: !GetAtt Q.Arn, Protocol: sqs}',
      '  S2:',
      '    Type: AWS::SNS::Subscription',
      '    Properties:',
      '      TopicArn: {Ref: T}',
      '      Endpoint: {"Fn::GetAtt": [F, Arn]}',
      '  S3:',
      '    Type: AWS::SNS::Subscription',
      '    Properties: {TopicArn: !Ref T, Endpoint: ops@example.com, Protocol: email}',
      '  S4:',
      '    Type: AWS::SNS::Subscription',
      '    Properties: {TopicArn: !Ref Q, Endpoint: !GetAtt F.Arn}',
      '  Inline:',
      '    Type: AWS::SNS::Topic',
      '    Properties:',
      '      Subscription:',
      '        - {Endpoint: !GetAtt Q.Arn, Protocol: sqs}',
    ), PATH);
    assert.deepEqual(linkLines(facts), [
      'subscribes Q -> T @7:32',
      'subscribes F -> T @11:16',
      'subscribes S3 -> T @15:32',
      'subscribes Q -> Inline @23:29',
    ]);
  });

  it('subscribes a function to the queue of an event source mapping, and to SAM SQS and SNS events', async () => {
    const facts = await extractYaml(yaml(
      'Transform: AWS::Serverless-2016-10-31',
      'Resources:',
      '  T: {Type: AWS::SNS::Topic}',
      '  Q: {Type: AWS::SQS::Queue}',
      '  Stream: {Type: AWS::Kinesis::Stream}',
      '  Worker: {Type: AWS::Lambda::Function, Properties: {FunctionName: worker}}',
      '  M1:',
      '    Type: AWS::Lambda::EventSourceMapping',
      '    Properties: {EventSourceArn: !GetAtt Q.Arn, FunctionName: !Ref Worker}',
      '  M2:',
      '    Type: AWS::Lambda::EventSourceMapping',
      '    Properties: {EventSourceArn: !GetAtt Stream.Arn, FunctionName: !Ref Worker}',
      '  M3:',
      '    Type: AWS::Lambda::EventSourceMapping',
      '    Properties: {EventSourceArn: "arn:aws:sqs:eu-west-1:1:other", FunctionName: elsewhere}',
      '  Sam:',
      '    Type: AWS::Serverless::Function',
      '    Properties:',
      '      Events:',
      '        FromQueue: {Type: SQS, Properties: {Queue: !GetAtt [Q, Arn]}}',
      '        FromTopic: {Type: SNS, Properties: {Topic: !Ref T}}',
      '        Nightly: {Type: Schedule, Properties: {Schedule: rate(1 day)}}',
    ), PATH);
    assert.deepEqual(linkLines(facts), [
      'subscribes Worker -> Q @9:41',
      'subscribes [cloud:function:elsewhere] -> [cloud:queue:other] (else queue other) @15:34',
      'subscribes Sam -> Q @20:59',
      'subscribes Sam -> T @21:56',
    ]);
  });

  it('turns SAM Api and HttpApi events into routes of the function', async () => {
    const facts = await extractYaml(yaml(
      'Transform: AWS::Serverless-2016-10-31',
      'Resources:',
      '  Api:',
      '    Type: AWS::Serverless::Function',
      '    Properties:',
      '      Events:',
      '        Get:',
      '          Type: Api',
      '          Properties:',
      "            Path: '/orders/{id}'",
      '            Method: get',
      '        Any:',
      '          Type: HttpApi',
      '          Properties: {Path: "/items/{proxy+}", Method: ANY}',
      '        CatchAll: {Type: HttpApi}',
    ), PATH);
    const common = { mappingType: 'http_route', handler: { form: 'name', name: 'Api' }, registeredIn: 'Api', framework: 'sam' };
    assert.deepEqual(facts.routes, [
      { line: 10, col: 19, method: 'GET', path: '/orders/{id}', ...common },
      { line: 14, col: 30, method: 'ANY', path: '/items/{proxy}', ...common },
    ]);
  });

  it('finds publishers in environment variables, SAM policy templates, inline statements and the IAM role', async () => {
    const facts = await extractYaml(yaml(
      'Transform: AWS::Serverless-2016-10-31',
      'Resources:',
      '  T: {Type: AWS::SNS::Topic}',
      '  Q: {Type: AWS::SQS::Queue}',
      '  A:',
      '    Type: AWS::Serverless::Function',
      '    Properties:',
      '      Environment: {Variables: {TOPIC: !Ref T, TABLE: !Sub "${AWS::StackName}-t", Q: !Ref Q}}',
      '      Events: {In: {Type: SQS, Properties: {Queue: !GetAtt Q.Arn}}}',
      '  B:',
      '    Type: AWS::Serverless::Function',
      '    Properties:',
      '      Policies:',
      '        - SNSPublishMessagePolicy: {TopicName: !GetAtt T.TopicName}',
      '        - SQSSendMessagePolicy: {QueueName: audit}',
      '        - S3ReadPolicy: {BucketName: b}',
      '        - Statement: [{Effect: Allow, Action: "sqs:SendMessage", Resource: !Sub "${Q.Arn}"}]',
      '  C:',
      '    Type: AWS::Lambda::Function',
      '    Properties: {Role: !GetAtt R.Arn}',
      '  R:',
      '    Type: AWS::IAM::Role',
      '    Properties:',
      '      Policies:',
      '        - PolicyDocument:',
      '            Statement:',
      '              - Effect: Allow',
      '                Action: [sns:Publish]',
      '                Resource: !Sub arn:aws:sns:${AWS::Region}:${AWS::AccountId}:alerts',
    ), PATH);
    assert.deepEqual(linkLines(facts), [
      'subscribes A -> Q @9:59',
      'publishes A -> T @8:44',
      'publishes B -> T @14:55',
      'publishes B -> [cloud:queue:audit] (else queue audit) @15:44',
      'publishes B -> Q @17:81',
      'publishes C -> [cloud:topic:alerts] (else topic alerts) @29:31',
    ]);
  });

  it('links nothing through references it cannot pin down: parameters, !If, !Join, imports', async () => {
    const facts = await extractYaml(yaml(
      'Parameters: {TopicArn: {Type: String}}',
      'Resources:',
      '  T: {Type: AWS::SNS::Topic}',
      '  F:',
      '    Type: AWS::Lambda::Function',
      '    Properties:',
      '      Environment:',
      '        Variables:',
      '          A: !Ref TopicArn',
      '          B: !If [Prod, !Ref T, !Ref AWS::NoValue]',
      '          C: !Join [":", [arn, aws, sns, !Ref T]]',
      '          D: !ImportValue shared-topic',
      '          E: !Ref F',
    ), PATH);
    assert.deepEqual(linkLines(facts), []);
  });
});
