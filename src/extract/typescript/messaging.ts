import type { ExtractInput, SyntaxNode } from '../extractor';
import type { CalleeExpr, FileFacts, MessagingFact } from '../facts';
import { enclosingSymbol, messagingFact, onceBoundStrings, sqsQueueName } from '../messaging';

type Client = 'kafkajs' | 'amqplib' | 'pubsub' | 'sqs';

/** The messaging clients read, by module imported or required. */
const CLIENTS: Readonly<Record<string, Client>> = {
  kafkajs: 'kafkajs',
  amqplib: 'amqplib',
  'amqplib/callback_api': 'amqplib',
  '@google-cloud/pubsub': 'pubsub',
  '@aws-sdk/client-sqs': 'sqs',
};

/** kafkajs consumer options naming the handler `run` is given. */
const KAFKAJS_HANDLERS = ['eachMessage', 'eachBatch'];

/**
 * TypeScript/JavaScript publishes and consumer registrations (docs/extractors/typescript.md,
 * Messaging): kafkajs `send`/`sendBatch`/`subscribe` (the handler is the `eachMessage` of
 * the same consumer's `run` in the same function), amqplib `sendToQueue`/`publish`/
 * `consume`, @google-cloud/pubsub `topic(t).publish*` and `subscription(s).on('message')`,
 * AWS SDK v3 `SendMessageCommand`/`ReceiveMessageCommand` with a literal `QueueUrl`. Only
 * in files importing the client, only with a topic the file fixes; the receiver's type is
 * not checked, the import decides.
 */
export function typescriptMessagingFacts({ tree }: ExtractInput, facts: FileFacts): MessagingFact[] {
  const clients = new Set(facts.imports.map((i) => CLIENTS[i.source]).filter((c): c is Client => c !== undefined));
  if (clients.size === 0) return [];
  const strings = new TsStrings(tree.rootNode);
  const out: MessagingFact[] = [];
  const calls = tree.rootNode.descendantsOfType('call_expression').filter((n): n is SyntaxNode => n !== null);
  for (const call of calls) {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'member_expression') continue;
    const object = callee.childForFieldName('object');
    const property = callee.childForFieldName('property');
    const method = property?.text ?? '';
    const args = argumentsOf(call);
    const at = property ?? call;
    const add = (role: MessagingFact['role'], system: string, topics: readonly string[], handler?: CalleeExpr): void => {
      for (const topic of topics) out.push(messagingFact(facts, at, role, system, topic, handler));
    };
    if (clients.has('kafkajs')) {
      if (method === 'send') add('publishes', 'kafka', strings.valuesOf(propertyOf(args[0], 'topic')));
      if (method === 'sendBatch') {
        for (const entry of arrayItems(propertyOf(args[0], 'topicMessages'))) add('publishes', 'kafka', strings.valuesOf(propertyOf(entry, 'topic')));
      }
      if (method === 'subscribe' && object) {
        const topics = [...strings.valuesOf(propertyOf(args[0], 'topic')), ...strings.listOf(propertyOf(args[0], 'topics'))];
        add('subscribes', 'kafka', topics, kafkajsHandler(calls, call, object.text, facts));
      }
    }
    if (clients.has('amqplib')) {
      if (method === 'sendToQueue') add('publishes', 'rabbitmq', strings.valuesOf(args[0]));
      if (method === 'publish' && args.length >= 3) {
        const [exchange] = strings.valuesOf(args[0]);
        // The default exchange ('') delivers to the queue the routing key names.
        if (exchange !== undefined) add('publishes', 'rabbitmq', exchange === '' ? strings.valuesOf(args[1]) : [exchange]);
      }
      if (method === 'consume') add('subscribes', 'rabbitmq', strings.valuesOf(args[0]), handlerOf(args[1], facts));
    }
    if (clients.has('pubsub') && object?.type === 'call_expression') {
      const inner = object.childForFieldName('function');
      const innerMethod = inner?.type === 'member_expression' ? inner.childForFieldName('property')?.text : undefined;
      const [name] = argumentsOf(object);
      if (innerMethod === 'topic' && /^publish(Message|JSON)?$/.test(method)) add('publishes', 'gcp_pubsub', strings.valuesOf(name));
      if (innerMethod === 'subscription' && method === 'on' && strings.valuesOf(args[0])[0] === 'message') {
        add('subscribes', 'gcp_pubsub', strings.valuesOf(name), handlerOf(args[1], facts));
      }
    }
  }
  if (clients.has('sqs')) {
    for (const created of tree.rootNode.descendantsOfType('new_expression')) {
      const constructor = created?.childForFieldName('constructor')?.text;
      const role = constructor === 'SendMessageCommand' || constructor === 'SendMessageBatchCommand' ? 'publishes'
        : constructor === 'ReceiveMessageCommand' ? 'subscribes' : undefined;
      if (!created || !role) continue;
      const queues = strings.valuesOf(propertyOf(argumentsOf(created)[0], 'QueueUrl')).map(sqsQueueName).filter((q): q is string => q !== undefined);
      for (const queue of queues) out.push(messagingFact(facts, created, role, 'aws_sqs', queue));
    }
  }
  return out;
}

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter((n): n is SyntaxNode => n !== null && n.type !== 'comment');
}

/** The value of `key` in an object literal. */
function propertyOf(object: SyntaxNode | undefined, key: string): SyntaxNode | undefined {
  if (object?.type !== 'object') return undefined;
  for (const pair of object.namedChildren) {
    if (pair?.type === 'pair' && pair.childForFieldName('key')?.text === key) return pair.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

function arrayItems(node: SyntaxNode | undefined): SyntaxNode[] {
  return node?.type === 'array' ? node.namedChildren.filter((n): n is SyntaxNode => n !== null) : [];
}

/** The handler the same consumer's `run({ eachMessage })` names in the function of the subscribe. */
function kafkajsHandler(calls: readonly SyntaxNode[], subscribe: SyntaxNode, consumer: string, facts: FileFacts): CalleeExpr | undefined {
  const caller = enclosingSymbol(facts, subscribe.startPosition.row + 1);
  for (const call of calls) {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'member_expression' || callee.childForFieldName('property')?.text !== 'run') continue;
    if (callee.childForFieldName('object')?.text !== consumer || enclosingSymbol(facts, call.startPosition.row + 1) !== caller) continue;
    for (const key of KAFKAJS_HANDLERS) {
      const handler = handlerOf(propertyOf(argumentsOf(call)[0], key), facts);
      if (handler) return handler;
    }
  }
  return undefined;
}

/** A handler named by a function or `this.method`; an inline function has no name to link. */
function handlerOf(node: SyntaxNode | undefined, facts: FileFacts): CalleeExpr | undefined {
  if (node?.type === 'identifier') return { form: 'name', name: node.text };
  if (node?.type === 'member_expression' && node.childForFieldName('object')?.type === 'this') {
    const property = node.childForFieldName('property')?.text;
    const owner = enclosingSymbol(facts, node.startPosition.row + 1);
    const dot = owner.lastIndexOf('.');
    if (property && dot > 0) return { form: 'member', object: 'this', property, objectType: owner.slice(0, dot) };
  }
  return undefined;
}

const PARAMETER_TYPES = ['required_parameter', 'optional_parameter'];

/**
 * Topic values the file fixes: string literals, templates without substitutions, and
 * names bound once in the file by `const` to one of those. Any other binding of the
 * name (a parameter, a `let`, an assignment) makes it unknown.
 */
class TsStrings {
  private readonly constants: Map<string, string>;

  constructor(root: SyntaxNode) {
    const bindings: Array<[string, string | undefined]> = [];
    const reassigned: string[] = [];
    for (const node of root.descendantsOfType(['variable_declarator', 'assignment_expression', 'formal_parameters', ...PARAMETER_TYPES])) {
      if (!node) continue;
      if (node.type === 'assignment_expression') {
        const left = node.childForFieldName('left');
        if (left?.type === 'identifier') reassigned.push(left.text);
      } else if (node.type === 'variable_declarator') {
        const name = node.childForFieldName('name');
        const isConst = node.parent?.type === 'lexical_declaration' && node.parent.child(0)?.text === 'const';
        if (name?.type === 'identifier') bindings.push([name.text, isConst ? literalOf(node.childForFieldName('value')) : undefined]);
      } else if (node.type === 'formal_parameters') {
        for (const parameter of node.namedChildren) if (parameter?.type === 'identifier') bindings.push([parameter.text, undefined]);
      } else {
        const pattern = node.childForFieldName('pattern');
        if (pattern?.type === 'identifier') bindings.push([pattern.text, undefined]);
      }
    }
    this.constants = onceBoundStrings(bindings, reassigned);
  }

  valuesOf(node: SyntaxNode | undefined): string[] {
    const literal = literalOf(node);
    if (literal !== undefined) return [literal];
    return node?.type === 'identifier' && this.constants.has(node.text) ? [this.constants.get(node.text)!] : [];
  }

  /** An array of topics, each fixed by the file; empty when one is not. */
  listOf(node: SyntaxNode | undefined): string[] {
    const values = arrayItems(node).map((item) => this.valuesOf(item));
    return values.every((v) => v.length === 1) ? values.flat() : [];
  }
}

function literalOf(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string' && !node.namedChildren.some((c) => c?.type === 'escape_sequence')) return node.text.slice(1, -1);
  if (node.type === 'template_string' && node.namedChildren.every((c) => c?.type === 'string_fragment')) return node.text.slice(1, -1);
  return undefined;
}
