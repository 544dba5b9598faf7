import * as assert from 'node:assert/strict';
import type { MessagingFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

function show(fact: MessagingFact): string {
  const handler = fact.handler?.form === 'name' ? ` -> ${fact.handler.name}` : '';
  return `${fact.line}:${fact.col} ${fact.role} ${fact.system} ${fact.topic} in ${fact.caller || '(module)'}${handler}`;
}

describe('extract/python messaging', () => {
  it('reads kafka, confluent, pika and redis topics the file fixes', async () => {
    const facts = await extractSource(sourceLines(
      'from confluent_kafka import Producer',
      'import pika, redis',
      "TOPIC = 'orders'",
      'def publish(producer, name):',
      "    producer.produce(TOPIC, b'x')",
      "    producer.produce(name, b'x')",
      "    producer.produce(f'{name}-dlq', b'x')",
      "    redis.Redis().xadd('clicks', {'a': 1})",
      'def consume(consumer, channel):',
      "    consumer.subscribe([TOPIC, 'audit'])",
      "    channel.basic_consume(queue='jobs', on_message_callback=on_job)",
      'def on_job(ch, method, properties, body):',
      '    pass',
    ), 'svc/worker.py');
    assert.deepEqual((facts.messaging ?? []).map(show), [
      '5:13 publishes kafka orders in publish',
      '8:18 publishes redis clicks in publish',
      '10:13 subscribes kafka audit in consume',
      '10:13 subscribes kafka orders in consume',
      '11:12 subscribes rabbitmq jobs in consume -> on_job',
    ]);
  });
});
