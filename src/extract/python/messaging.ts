import type { ExtractInput, SyntaxNode } from '../extractor';
import type { CalleeExpr, FileFacts, MessagingFact } from '../facts';
import { messagingFact, onceBoundStrings } from '../messaging';

type Client = 'kafka' | 'pika' | 'redis';

/** The messaging clients read, by top-level module imported. */
const CLIENTS: Readonly<Record<string, Client>> = { kafka: 'kafka', confluent_kafka: 'kafka', pika: 'pika', redis: 'redis' };

/**
 * Python publishes and consumer registrations (docs/extractors/python.md, Messaging):
 * kafka-python and confluent-kafka `send`/`produce`, `KafkaConsumer('t', ...)` and
 * `subscribe(['t'])`; pika `basic_publish(routing_key=...)` on the default exchange and
 * `basic_consume(queue=..., on_message_callback=h)`; redis `xadd('stream', ...)`. Only in
 * files importing the client, only with a topic the file fixes.
 */
export function pythonMessagingFacts({ tree }: ExtractInput, facts: FileFacts): MessagingFact[] {
  const clients = new Set(facts.imports.map((i) => CLIENTS[i.source.split('.')[0]]).filter((c): c is Client => c !== undefined));
  if (clients.size === 0) return [];
  const strings = new PyStrings(tree.rootNode);
  const out: MessagingFact[] = [];
  for (const call of tree.rootNode.descendantsOfType('call')) {
    const callee = call?.childForFieldName('function');
    if (!call || !callee) continue;
    const name = callee.type === 'attribute' ? callee.childForFieldName('attribute') : callee.type === 'identifier' ? callee : null;
    if (!name) continue;
    const args = argumentList(call);
    const add = (role: MessagingFact['role'], system: string, topics: readonly string[], handler?: CalleeExpr): void => {
      for (const topic of topics) out.push(messagingFact(facts, name, role, system, topic, handler));
    };
    const method = name.text;
    if (clients.has('kafka')) {
      if ((method === 'send' || method === 'produce') && callee.type === 'attribute') add('publishes', 'kafka', strings.valuesOf(argument(args, 0, 'topic')));
      if (method === 'KafkaConsumer') add('subscribes', 'kafka', args.positional.flatMap((a) => strings.valuesOf(a)));
      if (method === 'subscribe' && callee.type === 'attribute') add('subscribes', 'kafka', strings.listOf(argument(args, 0, 'topics')));
    }
    if (clients.has('pika')) {
      const [exchange] = strings.valuesOf(argument(args, 0, 'exchange'));
      // The default exchange ('') delivers to the queue the routing key names.
      if (method === 'basic_publish' && exchange !== undefined) {
        add('publishes', 'rabbitmq', exchange === '' ? strings.valuesOf(argument(args, 1, 'routing_key')) : [exchange]);
      }
      if (method === 'basic_consume') add('subscribes', 'rabbitmq', strings.valuesOf(argument(args, 0, 'queue')), handlerOf(argument(args, 1, 'on_message_callback')));
    }
    if (clients.has('redis') && method === 'xadd' && callee.type === 'attribute') add('publishes', 'redis', strings.valuesOf(argument(args, 0, 'name')));
  }
  return out;
}

interface Arguments {
  readonly positional: SyntaxNode[];
  readonly keywords: Map<string, SyntaxNode>;
}

function argumentList(call: SyntaxNode): Arguments {
  const positional: SyntaxNode[] = [];
  const keywords = new Map<string, SyntaxNode>();
  for (const arg of call.childForFieldName('arguments')?.namedChildren ?? []) {
    if (!arg || arg.type === 'comment') continue;
    if (arg.type === 'keyword_argument') {
      const value = arg.childForFieldName('value');
      if (value) keywords.set(arg.childForFieldName('name')?.text ?? '', value);
    } else positional.push(arg);
  }
  return { positional, keywords };
}

/** An argument given by position or by keyword. */
function argument(args: Arguments, index: number, keyword: string): SyntaxNode | undefined {
  return args.keywords.get(keyword) ?? args.positional[index];
}

/** A handler named by a function; `self.m` and lambdas leave the registering function as the consumer. */
function handlerOf(node: SyntaxNode | undefined): CalleeExpr | undefined {
  return node?.type === 'identifier' ? { form: 'name', name: node.text } : undefined;
}

/**
 * Topic values the file fixes: plain string literals (no f-strings), and names assigned
 * exactly once in the file to one; a parameter of the same name anywhere makes it unknown.
 */
class PyStrings {
  private readonly constants: Map<string, string>;

  constructor(root: SyntaxNode) {
    const bindings: Array<[string, string | undefined]> = [];
    for (const node of root.descendantsOfType(['assignment', 'augmented_assignment', 'parameters', 'for_statement'])) {
      if (!node) continue;
      if (node.type === 'parameters') {
        for (const parameter of node.namedChildren) {
          const name = parameter?.type === 'identifier' ? parameter : parameter?.namedChildren.find((c) => c?.type === 'identifier');
          if (name) bindings.push([name.text, undefined]);
        }
        continue;
      }
      const left = node.childForFieldName('left');
      if (left?.type === 'identifier') bindings.push([left.text, node.type === 'assignment' ? literalOf(node.childForFieldName('right')) : undefined]);
    }
    this.constants = onceBoundStrings(bindings, []);
  }

  valuesOf(node: SyntaxNode | undefined): string[] {
    const literal = literalOf(node);
    if (literal !== undefined) return [literal];
    return node?.type === 'identifier' && this.constants.has(node.text) ? [this.constants.get(node.text)!] : [];
  }

  /** A list or tuple of topics, each fixed by the file; empty when one is not. */
  listOf(node: SyntaxNode | undefined): string[] {
    if (node?.type !== 'list' && node?.type !== 'tuple') return [];
    const values = node.namedChildren.map((item) => (item ? this.valuesOf(item) : []));
    return values.every((v) => v.length === 1) ? values.flat() : [];
  }
}

function literalOf(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type !== 'string') return undefined;
  const parts = node.namedChildren.filter((c) => c?.type !== 'string_start' && c?.type !== 'string_end');
  if (parts.some((c) => c?.type !== 'string_content')) return undefined;
  if (/^[a-zA-Z]*[fFbB]/.test(node.child(0)?.text ?? '')) return undefined;
  return parts.map((c) => c!.text).join('');
}
