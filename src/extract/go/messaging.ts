import { unquote } from '../common';
import type { ExtractInput, SyntaxNode } from '../extractor';
import type { CalleeExpr, FileFacts, MessagingFact } from '../facts';
import { messagingFact, onceBoundStrings } from '../messaging';

/** The Go messaging clients read, by import path. */
const CLIENTS: Readonly<Record<string, Client>> = {
  'github.com/segmentio/kafka-go': 'kafka-go',
  'github.com/confluentinc/confluent-kafka-go/kafka': 'confluent',
  'github.com/confluentinc/confluent-kafka-go/v2/kafka': 'confluent',
  'github.com/IBM/sarama': 'sarama',
  'github.com/Shopify/sarama': 'sarama',
  'github.com/nats-io/nats.go': 'nats',
};
type Client = 'kafka-go' | 'confluent' | 'sarama' | 'nats';

/** Struct literals that name a topic: `<pkg>.<Type>{Topic: ...}`. */
const TOPIC_LITERALS: Readonly<Record<string, Partial<Record<Client, MessagingFact['role']>>>> = {
  Writer: { 'kafka-go': 'publishes' },
  Message: { 'kafka-go': 'publishes' },
  ReaderConfig: { 'kafka-go': 'subscribes' },
  ProducerMessage: { sarama: 'publishes' },
};

/** Method calls whose first argument (or `topicArgument`) names the topic; the receiver's type is not known, the import decides. */
interface MethodRule {
  readonly client: Client;
  readonly role: MessagingFact['role'];
  readonly topicArgument: number;
  /** The argument holding the handler function, when the call takes one. */
  readonly handlerArgument?: number;
}
const METHODS: Readonly<Record<string, readonly MethodRule[]>> = {
  Publish: [{ client: 'nats', role: 'publishes', topicArgument: 0 }],
  Request: [{ client: 'nats', role: 'publishes', topicArgument: 0 }],
  Subscribe: [
    { client: 'nats', role: 'subscribes', topicArgument: 0, handlerArgument: 1 },
    { client: 'confluent', role: 'subscribes', topicArgument: 0 },
  ],
  QueueSubscribe: [{ client: 'nats', role: 'subscribes', topicArgument: 0, handlerArgument: 2 }],
  ChanSubscribe: [{ client: 'nats', role: 'subscribes', topicArgument: 0 }],
  SubscribeSync: [{ client: 'nats', role: 'subscribes', topicArgument: 0 }],
  QueueSubscribeSync: [{ client: 'nats', role: 'subscribes', topicArgument: 0 }],
  SubscribeTopics: [{ client: 'confluent', role: 'subscribes', topicArgument: 0 }],
  ConsumePartition: [{ client: 'sarama', role: 'subscribes', topicArgument: 0 }],
  Consume: [{ client: 'sarama', role: 'subscribes', topicArgument: 1 }],
};

const SYSTEM: Readonly<Record<Client, string>> = { 'kafka-go': 'kafka', confluent: 'kafka', sarama: 'kafka', nats: 'nats' };

/**
 * Go publishes and consumer registrations (docs/extractors/go.md, Messaging): kafka-go
 * `Writer`/`Message`/`ReaderConfig` literals, Sarama `ProducerMessage` literals and
 * consumers, confluent-kafka-go `TopicPartition{Topic: &t}` inside a `Message` and
 * `Subscribe(Topics)`, nats.go `Publish`/`Subscribe`. Only in files importing the client,
 * only with a topic the file fixes.
 */
export function goMessagingFacts({ tree }: ExtractInput, facts: FileFacts): MessagingFact[] {
  const clients = new Map<string, Client>();
  for (const fact of facts.imports) {
    const client = CLIENTS[fact.source];
    if (client) for (const binding of fact.bindings) clients.set(binding.local, client);
  }
  if (clients.size === 0) return [];
  const imported = new Set(clients.values());
  const strings = new GoStrings(tree.rootNode);
  const out: MessagingFact[] = [];
  for (const literal of tree.rootNode.descendantsOfType('composite_literal')) {
    if (!literal) continue;
    const type = literal.childForFieldName('type');
    if (type?.type !== 'qualified_type') continue;
    const client = clients.get(type.childForFieldName('package')?.text ?? '');
    const name = type.childForFieldName('name')?.text ?? '';
    if (!client) continue;
    if (client === 'confluent' && name === 'Message') {
      const partition = keyedValue(literal, 'TopicPartition');
      const topic = partition?.type === 'composite_literal' ? keyedValue(partition, 'Topic') : undefined;
      for (const t of topic ? strings.valuesOf(topic) : []) out.push(messagingFact(facts, literal, 'publishes', 'kafka', t));
      continue;
    }
    const role = TOPIC_LITERALS[name]?.[client];
    if (!role) continue;
    const topics = [keyedValue(literal, 'Topic'), role === 'subscribes' ? keyedValue(literal, 'GroupTopics') : undefined];
    for (const node of topics) for (const t of node ? strings.valuesOf(node) : []) out.push(messagingFact(facts, literal, role, SYSTEM[client], t));
  }
  for (const call of tree.rootNode.descendantsOfType('call_expression')) {
    const callee = call?.childForFieldName('function');
    if (!call || callee?.type !== 'selector_expression') continue;
    const rules = (METHODS[callee.childForFieldName('field')?.text ?? ''] ?? []).filter((r) => imported.has(r.client));
    // Two imported clients with the same method name: which one the receiver is, the file does not say.
    if (rules.length !== 1) continue;
    const rule = rules[0];
    const args = call.childForFieldName('arguments')?.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== 'comment') ?? [];
    const topicNode = args[rule.topicArgument];
    if (!topicNode) continue;
    const handler = rule.handlerArgument === undefined ? undefined : handlerOf(args[rule.handlerArgument]);
    const at = callee.childForFieldName('field') ?? call;
    for (const t of strings.valuesOf(topicNode)) out.push(messagingFact(facts, at, rule.role, SYSTEM[rule.client], t, handler));
  }
  return out;
}

/** The value written for `key` in a keyed struct literal. */
function keyedValue(literal: SyntaxNode, key: string): SyntaxNode | undefined {
  for (const element of literal.childForFieldName('body')?.namedChildren ?? []) {
    if (element?.type !== 'keyed_element') continue;
    const [k, v] = element.namedChildren;
    if (k?.text === key && v) return v.type === 'literal_element' ? v.namedChild(0) ?? undefined : v;
  }
  return undefined;
}

/** A handler named by a function or method value; an inline function has no name to link. */
function handlerOf(node: SyntaxNode | undefined): CalleeExpr | undefined {
  if (node?.type === 'identifier') return { form: 'name', name: node.text };
  if (node?.type === 'selector_expression') {
    const object = node.childForFieldName('operand');
    const field = node.childForFieldName('field');
    if (object?.type === 'identifier' && field) return { form: 'member', object: object.text, property: field.text };
  }
  return undefined;
}

/**
 * Topic values the file fixes: string literals, `[]string{...}` of them, and names
 * (or `&name`) bound once in the file to a literal and never assigned again. A
 * parameter or range variable of the same name anywhere makes the name unknown.
 */
class GoStrings {
  private readonly constants: Map<string, string>;

  constructor(root: SyntaxNode) {
    const bindings: Array<[string, string | undefined]> = [];
    const reassigned: string[] = [];
    for (const node of root.descendantsOfType(['const_spec', 'var_spec', 'short_var_declaration', 'assignment_statement', 'parameter_declaration', 'range_clause'])) {
      if (!node) continue;
      if (node.type === 'assignment_statement' || node.type === 'range_clause') {
        for (const name of node.childForFieldName('left')?.namedChildren ?? []) if (name?.type === 'identifier') reassigned.push(name.text);
        continue;
      }
      const names = node.type === 'short_var_declaration'
        ? node.childForFieldName('left')?.namedChildren ?? []
        : node.childrenForFieldName('name');
      const values = node.type === 'parameter_declaration' ? [] : node.childForFieldName(node.type === 'short_var_declaration' ? 'right' : 'value')?.namedChildren ?? [];
      names.forEach((name, i) => {
        if (name?.type === 'identifier') bindings.push([name.text, literalOf(values[i] ?? undefined)]);
      });
    }
    this.constants = onceBoundStrings(bindings, reassigned);
  }

  /** The strings an expression names; empty when the file does not fix them. */
  valuesOf(node: SyntaxNode): string[] {
    const literal = literalOf(node);
    if (literal !== undefined) return [literal];
    if (node.type === 'identifier') return this.constants.has(node.text) ? [this.constants.get(node.text)!] : [];
    if (node.type === 'unary_expression' && node.child(0)?.text === '&') {
      const operand = node.childForFieldName('operand');
      return operand?.type === 'identifier' ? this.valuesOf(operand) : [];
    }
    if (node.type === 'composite_literal' && node.childForFieldName('type')?.text === '[]string') {
      const elements = (node.childForFieldName('body')?.namedChildren ?? []).map((e) => (e?.type === 'literal_element' ? e.namedChild(0) : e));
      const values = elements.map((e) => (e ? this.valuesOf(e) : []));
      return values.every((v) => v.length === 1) ? values.flat() : [];
    }
    return [];
  }
}

function literalOf(node: SyntaxNode | undefined): string | undefined {
  return node?.type === 'interpreted_string_literal' || node?.type === 'raw_string_literal' ? unquote(node.text) : undefined;
}
