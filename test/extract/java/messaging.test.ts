import * as assert from 'node:assert/strict';
import type { MessagingFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

function show(fact: MessagingFact): string {
  const handler = fact.handler?.form === 'name' ? ` -> ${fact.handler.name}` : '';
  return `${fact.line}:${fact.col} ${fact.role} ${fact.system} ${fact.topic} in ${fact.caller || '(class)'}${handler}`;
}

describe('extract/java messaging', () => {
  it('reads Spring Kafka and Spring AMQP listeners and templates with topics the file fixes', async () => {
    const facts = await extractSource(sourceLines(
      'package shop;',
      'import org.springframework.kafka.annotation.KafkaListener;',
      'import org.springframework.amqp.rabbit.core.RabbitTemplate;',
      'class Orders {',
      '  static final String TOPIC = "orders";',
      '  private KafkaTemplate<String, String> template;',
      '  @KafkaListener(topics = {TOPIC, "audit"})',
      '  void onOrder(String m, String topic) {',
      '    template.send(TOPIC, m);',
      '    template.send(topic, m);',
      '  }',
      '  void mail(RabbitTemplate rabbit) {',
      '    rabbit.convertAndSend("", "mail", "m");',
      '  }',
      '}',
    ), 'src/main/java/shop/Orders.java');
    assert.deepEqual((facts.messaging ?? []).map(show), [
      '7:2 subscribes kafka audit in (class) -> Orders.onOrder',
      '7:2 subscribes kafka orders in (class) -> Orders.onOrder',
      '9:13 publishes kafka orders in Orders.onOrder',
      '13:11 publishes rabbitmq mail in Orders.mail',
    ]);
  });
});
