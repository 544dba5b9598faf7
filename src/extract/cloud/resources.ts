import { type Node, isScalar } from 'yaml';
import type { NodeKind } from '../../model/kinds';
import type { FactsCollector } from '../manifests/collector';
import { type Entry, type YamlDoc, commentAbove } from '../yaml/nodes';

/** A resource of a CloudFormation `Resources` section (also Serverless `resources`). */
export interface CloudResource {
  readonly logicalId: string;
  readonly type: string;
  readonly kind: NodeKind;
  readonly entry: Entry;
  readonly properties: Node | undefined;
}

const KIND_BY_TYPE: Readonly<Record<string, NodeKind>> = {
  'AWS::SNS::Topic': 'topic',
  'AWS::SQS::Queue': 'queue',
  'AWS::Lambda::Function': 'function',
  'AWS::Serverless::Function': 'function',
};

export type NamedKind = 'topic' | 'queue' | 'function';

/** The property holding a resource's physical name, for the kinds other files find by name. */
const NAME_PROPERTY: Readonly<Record<string, { property: string; what: NamedKind }>> = {
  'AWS::SNS::Topic': { property: 'TopicName', what: 'topic' },
  'AWS::SQS::Queue': { property: 'QueueName', what: 'queue' },
  'AWS::Lambda::Function': { property: 'FunctionName', what: 'function' },
  'AWS::Serverless::Function': { property: 'FunctionName', what: 'function' },
};

/** Key of a topic, queue or function by its physical name: `cloud:<what>:<name>`. */
export function cloudNameKey(what: NamedKind, name: string): string {
  return `cloud:${what}:${name}`;
}

/** The resources declared in one file, by logical id. */
export class ResourceIndex {
  private readonly byId = new Map<string, CloudResource>();

  add(resource: CloudResource): void {
    if (!this.byId.has(resource.logicalId)) this.byId.set(resource.logicalId, resource);
  }

  get(logicalId: string): CloudResource | undefined {
    return this.byId.get(logicalId);
  }

  all(): IterableIterator<CloudResource> {
    return this.byId.values();
  }
}

/**
 * Declares every resource of a `Resources` mapping as a node named by its logical id:
 * SNS topics as 'topic', SQS queues as 'queue', Lambda and SAM functions as 'function',
 * anything else as 'resource'. Keys: `cfn:<file>:<LogicalId>`, plus the physical name
 * (`cloud:topic:orders`) when written as plain text, so Serverless events and IAM
 * statements in other files that name the topic find it.
 */
export function declareResources(yaml: YamlDoc, resources: Node | undefined, out: FactsCollector, index: ResourceIndex): void {
  const entries = yaml.entries(resources);
  entries.forEach((entry, position) => {
    const type = yaml.textAt(entry.value, 'Type');
    if (!type || !entry.value) return;
    const kind = KIND_BY_TYPE[type] ?? 'resource';
    const properties = yaml.get(entry.value, 'Properties');
    const keys = [`cfn:${out.path}:${entry.name}`];
    const naming = NAME_PROPERTY[type];
    const physicalName = naming && plainText(yaml, yaml.get(properties, naming.property));
    if (naming && physicalName) keys.push(cloudNameKey(naming.what, physicalName));
    out.addSymbol(yaml, {
      name: entry.name,
      kind,
      nameNode: entry.keyNode,
      bodyStart: entry.keyNode,
      bodyEnd: entry.value,
      signature: `${entry.name}: ${type}`,
      doc: commentAbove(entry.keyNode, position === 0 ? yaml.deref(resources) : undefined),
      keys,
    });
    index.add({ logicalId: entry.name, type, kind, entry, properties });
  });
}

/** Text written as a plain scalar, not produced by an intrinsic function. */
export function plainText(yaml: YamlDoc, node: unknown): string | undefined {
  const value = yaml.deref(node);
  if (!isScalar(value) || (value.tag && value.tag.startsWith('!'))) return undefined;
  const text = yaml.text(value)?.trim();
  return text && !text.includes('${') ? text : undefined;
}
