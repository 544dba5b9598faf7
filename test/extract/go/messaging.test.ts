import * as assert from 'node:assert/strict';
import type { MessagingFact } from '../../../src/extract/facts';
import { extractGo, go } from './helpers';

function show(fact: MessagingFact): string {
  const handler = fact.handler?.form === 'name' ? ` -> ${fact.handler.name}` : '';
  return `${fact.line}:${fact.col} ${fact.role} ${fact.system} ${fact.topic} in ${fact.caller}${handler}`;
}

describe('extract/go messaging', () => {
  it('reads kafka-go, Sarama, confluent and NATS topics the file fixes', async () => {
    const facts = await extractGo(go(
      'package main',
      'import (',
      '\t"github.com/IBM/sarama"',
      '\t"github.com/confluentinc/confluent-kafka-go/v2/kafka"',
      '\t"github.com/nats-io/nats.go"',
      ')',
      'const audit = "audit"',
      'func send(p *kafka.Producer, nc *nats.Conn, subject string) {',
      '\tt := "orders"',
      '\tp.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &t}}, nil)',
      '\t_ = &sarama.ProducerMessage{Topic: audit}',
      '\tnc.Publish(subject, nil)',
      '\tnc.QueueSubscribe("jobs", "workers", onJob)',
      '}',
      'func onJob(m *nats.Msg) {}',
    ));
    assert.deepEqual((facts.messaging ?? []).map(show), [
      '10:12 publishes kafka orders in send',
      '11:6 publishes kafka audit in send',
      '13:4 subscribes nats jobs in send -> onJob',
    ]);
  });

  it('reads nothing without the client imported', async () => {
    const facts = await extractGo(go('package main', 'func f(nc Conn) { nc.Publish("x", nil) }'));
    assert.equal(facts.messaging, undefined);
  });
});
