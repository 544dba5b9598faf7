import * as assert from 'node:assert/strict';
import { extractSource } from '../../helpers/extractSource';
import { extractYaml, linkLines, yaml } from '../yaml/helpers';

function deploysLines(facts: Parameters<typeof linkLines>[0]): string[] {
  return linkLines(facts).filter((line) => line.startsWith('deploys '));
}

describe('extract/cloud: Lambda handler code', () => {
  it('links Serverless functions to the module function their handler names, relative to serverless.yml', async () => {
    const facts = await extractYaml(yaml(
      'service: api',
      'provider:',
      '  runtime: python3.12',
      'functions:',
      '  a:',
      '    handler: src/handler.main',
      '  b:',
      '    handler: handlers.jobs.run',
      '  c:',
      '    handler: ../outside.main',
      '  d:',
      '    image: worker:latest',
    ), 'services/api/serverless.yml');
    assert.deepEqual(deploysLines(facts), [
      'deploys a -> [lambda:handler:services/api/src/handler.main] @6:13',
      // A dotted Python module, or a Node file whose name has dots.
      'deploys b -> [lambda:handler:services/api/handlers/jobs.run]|[lambda:handler:services/api/handlers.jobs.run] @8:13',
      'deploys c -> [lambda:handler:services/outside.main] @10:13',
    ]);
  });

  it('links nothing for a runtime other than Python or Node, nor for a handler leaving the repository', async () => {
    const facts = await extractYaml(yaml(
      'service: api',
      'provider:',
      '  runtime: java21',
      'functions:',
      '  a:',
      '    handler: com.example.App::handleRequest',
      '  b:',
      '    runtime: ruby3.2',
      '    handler: app.main',
      '  c:',
      '    runtime: nodejs20.x',
      '    handler: ../../x.main',
    ), 'api/serverless.yml');
    assert.deepEqual(deploysLines(facts), []);
  });

  it('reads SAM Handler inside CodeUri, with Globals.Function filling in, and local Code of a Lambda function', async () => {
    const facts = await extractYaml(yaml(
      'Transform: AWS::Serverless-2016-10-31',
      'Globals:',
      '  Function:',
      '    Runtime: python3.12',
      '    CodeUri: hello_world/',
      'Resources:',
      '  Hello:',
      '    Type: AWS::Serverless::Function',
      '    Properties:',
      '      Handler: app.lambda_handler',
      '  Bye:',
      '    Type: AWS::Serverless::Function',
      '    Properties:',
      '      CodeUri: ./bye',
      '      Handler: app.lambda_handler',
      '  Packaged:',
      '    Type: AWS::Lambda::Function',
      '    Properties:',
      '      Runtime: nodejs20.x',
      '      Code: dist/',
      '      Handler: index.handler',
      '  Inline:',
      '    Type: AWS::Lambda::Function',
      '    Properties:',
      '      Runtime: python3.12',
      '      Handler: index.handler',
      '      Code: {ZipFile: "def handler(e, c): pass"}',
      '  Remote:',
      '    Type: AWS::Serverless::Function',
      '    Properties:',
      '      CodeUri: s3://bucket/code.zip',
      '      Handler: app.lambda_handler',
    ), 'sam/template.yaml');
    assert.deepEqual(deploysLines(facts), [
      'deploys Hello -> [lambda:handler:sam/hello_world/app.lambda_handler] @10:15',
      'deploys Bye -> [lambda:handler:sam/bye/app.lambda_handler] @15:15',
      'deploys Packaged -> [lambda:handler:sam/dist/index.handler] @21:15',
    ]);
  });

  it('gives module-level Python functions and exported Node functions the handler key', async () => {
    const python = await extractSource(['def main(event, context):', '    pass', 'class C:', '    def m(self):', '        pass'].join('\n'), 'api/src/handler.py');
    assert.deepEqual(python.symbols.map((s) => [s.name, s.keys]), [
      ['main', ['lambda:handler:api/src/handler.main']], ['C', undefined], ['C.m', undefined],
    ]);
    const node = await extractSource(['exports.handler = async (e) => e;', 'function local() {}'].join('\n'), 'web/src/render.js');
    assert.deepEqual(node.symbols.map((s) => [s.name, s.keys]), [['handler', ['lambda:handler:web/src/render.handler']], ['local', undefined]]);
  });
});
