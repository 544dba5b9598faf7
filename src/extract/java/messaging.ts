import type { ExtractInput, SyntaxNode } from '../extractor';
import type { FileFacts, MessagingFact } from '../facts';
import { messagingFact, onceBoundStrings } from '../messaging';

type Client = 'kafka' | 'rabbitmq';

/** Spring's messaging packages, by import prefix. */
const CLIENTS: ReadonlyArray<readonly [string, Client]> = [['org.springframework.kafka', 'kafka'], ['org.springframework.amqp', 'rabbitmq']];

/** Listener annotations and the element naming their topics or queues. */
const LISTENERS: Readonly<Record<string, readonly [Client, string]>> = { KafkaListener: ['kafka', 'topics'], RabbitListener: ['rabbitmq', 'queues'] };

/** Template types and the method that sends with them. */
const TEMPLATES: Readonly<Record<string, readonly [Client, string]>> = { KafkaTemplate: ['kafka', 'send'], RabbitTemplate: ['rabbitmq', 'convertAndSend'] };

/**
 * Java publishes and consumer registrations (docs/extractors/java.md, Messaging): Spring
 * Kafka `@KafkaListener(topics = ...)` and `KafkaTemplate.send(topic, ...)`, Spring AMQP
 * `@RabbitListener(queues = ...)` and `RabbitTemplate.convertAndSend(queue, message)`
 * (or an exchange's name with three arguments). Only in files importing the package,
 * templates only through names declared with the template type in the file, and only
 * with a topic the file fixes (a literal or a `final` field or local of the file).
 */
export function javaMessagingFacts({ tree }: ExtractInput, facts: FileFacts): MessagingFact[] {
  const clients = new Set(facts.imports.flatMap((i) => CLIENTS.filter(([prefix]) => i.source.startsWith(prefix)).map(([, c]) => c)));
  if (clients.size === 0) return [];
  const root = tree.rootNode;
  const strings = new JavaStrings(root);
  const templates = templateNames(root);
  const out: MessagingFact[] = [];
  for (const annotation of root.descendantsOfType('annotation')) {
    const listener = LISTENERS[annotation?.childForFieldName('name')?.text ?? ''];
    const method = annotation?.parent?.parent;
    if (!annotation || !listener || !clients.has(listener[0]) || method?.type !== 'method_declaration') continue;
    const handler = methodSymbol(facts, method);
    for (const pair of annotation.childForFieldName('arguments')?.namedChildren ?? []) {
      if (pair?.type !== 'element_value_pair' || pair.childForFieldName('key')?.text !== listener[1]) continue;
      for (const topic of strings.valuesOf(pair.childForFieldName('value'))) {
        out.push(messagingFact(facts, annotation, 'subscribes', listener[0], topic, handler ? { form: 'name', name: handler } : undefined));
      }
    }
  }
  for (const call of root.descendantsOfType('method_invocation')) {
    const object = call?.childForFieldName('object');
    const receiver = object?.type === 'field_access' && object.childForFieldName('object')?.type === 'this' ? object.childForFieldName('field') : object;
    const template = receiver?.type === 'identifier' ? templates.get(receiver.text) : undefined;
    const name = call?.childForFieldName('name');
    if (!call || !name || !template || !clients.has(template[0]) || name.text !== template[1]) continue;
    const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter((n): n is SyntaxNode => n !== null && n.type !== 'comment');
    let topics: string[];
    if (template[0] === 'kafka') topics = args.length >= 2 ? strings.valuesOf(args[0]) : [];
    else if (args.length === 2) topics = strings.valuesOf(args[0]);
    else {
      // convertAndSend(exchange, routingKey, message): the default exchange ('') delivers to the queue the key names.
      const [exchange] = args.length === 3 ? strings.valuesOf(args[0]) : [];
      topics = exchange === undefined ? [] : exchange === '' ? strings.valuesOf(args[1]) : [exchange];
    }
    for (const topic of topics) out.push(messagingFact(facts, name, 'publishes', template[0], topic));
  }
  return out;
}

/** The symbol name of a method declaration: the method symbol declared at its name token. */
function methodSymbol(facts: FileFacts, method: SyntaxNode): string | undefined {
  const name = method.childForFieldName('name');
  if (!name) return undefined;
  const line = name.startPosition.row + 1;
  return facts.symbols.find((s) => s.kind === 'method' && s.line === line && s.col === name.startPosition.column && s.name.endsWith(`.${name.text}`))?.name;
}

/** Names (fields, parameters, locals) declared with a template type, and that template's client and send method. */
function templateNames(root: SyntaxNode): Map<string, readonly [Client, string]> {
  const names = new Map<string, readonly [Client, string]>();
  for (const node of root.descendantsOfType(['field_declaration', 'local_variable_declaration', 'formal_parameter'])) {
    const type = node?.childForFieldName('type');
    const base = type?.type === 'generic_type' ? type.namedChild(0)?.text : type?.text;
    const template = TEMPLATES[base ?? ''];
    if (!node || !template) continue;
    const declared = node.type === 'formal_parameter' ? [node.childForFieldName('name')] : node.childrenForFieldName('declarator').map((d) => d?.childForFieldName('name'));
    for (const name of declared) if (name) names.set(name.text, template);
  }
  return names;
}

/**
 * Topic values the file fixes: string literals, arrays of them in annotations, and names
 * declared once in the file with a string literal and `final` (a constant or a final
 * local); any other declaration of the name makes it unknown.
 */
class JavaStrings {
  private readonly constants: Map<string, string>;

  constructor(root: SyntaxNode) {
    const bindings: Array<[string, string | undefined]> = [];
    for (const node of root.descendantsOfType(['field_declaration', 'local_variable_declaration', 'formal_parameter'])) {
      if (!node) continue;
      if (node.type === 'formal_parameter') {
        const name = node.childForFieldName('name');
        if (name) bindings.push([name.text, undefined]);
        continue;
      }
      const final = node.namedChildren.some((c) => c?.type === 'modifiers' && /\bfinal\b/.test(c.text));
      for (const declarator of node.childrenForFieldName('declarator')) {
        const name = declarator?.childForFieldName('name');
        if (name) bindings.push([name.text, final ? literalOf(declarator?.childForFieldName('value')) : undefined]);
      }
    }
    this.constants = onceBoundStrings(bindings, []);
  }

  valuesOf(node: SyntaxNode | null | undefined): string[] {
    const literal = literalOf(node);
    if (literal !== undefined) return [literal];
    if (node?.type === 'identifier') return this.constants.has(node.text) ? [this.constants.get(node.text)!] : [];
    if (node?.type === 'element_value_array_initializer') {
      const values = node.namedChildren.map((item) => this.valuesOf(item));
      return values.every((v) => v.length === 1) ? values.flat() : [];
    }
    return [];
  }
}

function literalOf(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type !== 'string_literal' || node.namedChildren.some((c) => c?.type !== 'string_fragment')) return undefined;
  return node.text.slice(1, -1);
}
