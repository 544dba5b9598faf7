import * as assert from 'node:assert/strict';
import type { MessagingFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

function show(fact: MessagingFact): string {
  const handler = fact.handler?.form === 'name' ? ` -> ${fact.handler.name}`
    : fact.handler?.form === 'member' ? ` -> ${fact.handler.objectType}.${fact.handler.property}` : '';
  return `${fact.line}:${fact.col} ${fact.role} ${fact.system} ${fact.topic} in ${fact.caller}${handler}`;
}

describe('extract/typescript messaging', () => {
  it('reads kafkajs, amqplib, Pub/Sub and SQS topics the file fixes', async () => {
    const facts = await extractSource(sourceLines(
      "import { Kafka } from 'kafkajs';",
      "import amqp from 'amqplib';",
      "import { PubSub } from '@google-cloud/pubsub';",
      "import { SendMessageCommand } from '@aws-sdk/client-sqs';",
      "const TOPIC = 'orders';",
      'class Worker {',
      '  async start(topic: string) {',
      "    await this.consumer.subscribe({ topics: [TOPIC, 'audit'] });",
      '    await this.consumer.run({ eachMessage: this.onMessage });',
      '    await this.producer.send({ topic, messages: [] });',
      "    ch.sendToQueue('jobs', Buffer.from(''));",
      "    ch.consume('jobs', onJob);",
      "    pubsub.topic('events').publishMessage({ data });",
      "    new SendMessageCommand({ QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/mail' });",
      '  }',
      '  onMessage() {}',
      '}',
      'function onJob() {}',
    ), 'src/worker.ts');
    assert.deepEqual((facts.messaging ?? []).map(show), [
      '8:24 subscribes kafka audit in Worker.start -> Worker.onMessage',
      '8:24 subscribes kafka orders in Worker.start -> Worker.onMessage',
      '11:7 publishes rabbitmq jobs in Worker.start',
      '12:7 subscribes rabbitmq jobs in Worker.start -> onJob',
      '13:27 publishes gcp_pubsub events in Worker.start',
      '14:4 publishes aws_sqs mail in Worker.start',
    ]);
  });
});
