import { type Node, isMap, isNode } from 'yaml';
import type { LinkEnd, LinkFact } from '../facts';
import type { FactsCollector } from '../manifests/collector';
import type { YamlDoc } from '../yaml/nodes';
import { arnResourceName, logicalReference } from './intrinsics';
import { type NamedKind, type ResourceIndex, cloudNameKey, plainText } from './resources';

/** A topic, queue or function a link points at, and where the reference is written. */
export interface Target {
  readonly end: LinkEnd;
  /** Set when the target is found by name only: the placeholder when no file declares it. */
  readonly unresolved?: LinkFact['unresolved'];
  readonly at: Node;
}

type Channel = 'topic' | 'queue';

const SERVICE_OF: Readonly<Record<Channel, 'sns' | 'sqs'>> = { topic: 'sns', queue: 'sqs' };
const PUBLISH_ACTIONS: Readonly<Record<Channel, readonly string[]>> = {
  topic: ['sns:publish'],
  queue: ['sqs:sendmessage', 'sqs:sendmessagebatch'],
};

export function localEnd(name: string): LinkEnd {
  return { form: 'local', name };
}

/** A target found by its physical name through keys, with a placeholder of that name. */
export function namedTarget(kind: NamedKind, name: string, at: Node): Target {
  return { end: { form: 'keys', candidates: [[cloudNameKey(kind, name)]] }, unresolved: { name, kind: kind === 'function' ? 'function' : kind }, at };
}

/**
 * The topic or queue a value refers to: a `Ref`/`GetAtt`/`Sub` of a resource of that
 * kind declared in this file, or an SNS/SQS ARN written out (found by name in any file).
 * A reference to anything else (a parameter, another kind of resource) is no target.
 */
export function channelTarget(yaml: YamlDoc, node: unknown, index: ResourceIndex, channel: Channel): Target | undefined {
  const value = yaml.deref(node);
  if (!value) return undefined;
  const at = isNode(node) ? node : value;
  const reference = logicalReference(yaml, value);
  const declared = reference && index.get(reference.logicalId);
  if (declared) return declared.kind === channel ? { end: localEnd(declared.logicalId), at } : undefined;
  const text = value.tag === '!Sub' ? yaml.text(value) : value.tag ? undefined : yaml.text(value) ?? subTemplate(yaml, value);
  const name = text === undefined ? undefined : arnResourceName(text.trim(), SERVICE_OF[channel]);
  return name ? namedTarget(channel, name, at) : undefined;
}

function subTemplate(yaml: YamlDoc, node: Node): string | undefined {
  return isMap(node) ? yaml.text(yaml.get(node, 'Fn::Sub')) : undefined;
}

/** A function a value refers to: a function resource of this file, or a function name written out. */
export function functionTarget(yaml: YamlDoc, node: unknown, index: ResourceIndex): Target | undefined {
  const value = yaml.deref(node);
  if (!value) return undefined;
  const at = isNode(node) ? node : value;
  const reference = logicalReference(yaml, value);
  if (reference) {
    const declared = index.get(reference.logicalId);
    return declared?.kind === 'function' ? { end: localEnd(declared.logicalId), at } : undefined;
  }
  const name = plainText(yaml, value);
  if (!name) return undefined;
  const fromArn = name.startsWith('arn:') ? /:function:([\w-]+)$/.exec(name)?.[1] : name;
  return fromArn ? { end: { form: 'keys', candidates: [[cloudNameKey('function', fromArn)]] }, at } : undefined;
}

/** Any topic or queue reference in a value (environment variables, policy resources). */
export function anyChannelTarget(yaml: YamlDoc, node: unknown, index: ResourceIndex): Target | undefined {
  return channelTarget(yaml, node, index, 'topic') ?? channelTarget(yaml, node, index, 'queue');
}

/**
 * Topics and queues IAM policy statements allow publishing to: `Allow` statements whose
 * actions name `sns:Publish` or `sqs:SendMessage(Batch)` explicitly (wildcards grant
 * more than publishing and are left out), one target per resource they list.
 */
export function publishTargetsOfStatements(yaml: YamlDoc, statements: unknown, index: ResourceIndex): Target[] {
  const targets: Target[] = [];
  for (const statement of yaml.items(statements)) {
    const effect = yaml.textAt(statement, 'Effect');
    if (effect !== undefined && effect !== 'Allow') continue;
    const actionNode = yaml.get(statement, 'Action');
    const actions = [yaml.text(actionNode), ...yaml.items(actionNode).map((a) => yaml.text(a))]
      .filter((a): a is string => a !== undefined)
      .map((a) => a.toLowerCase());
    const resourceNode = yaml.get(statement, 'Resource');
    const resources = yaml.items(resourceNode).length > 0 ? yaml.items(resourceNode) : [resourceNode];
    for (const channel of ['topic', 'queue'] as const) {
      if (!PUBLISH_ACTIONS[channel].some((action) => actions.includes(action))) continue;
      for (const resource of resources) {
        const target = channelTarget(yaml, resource, index, channel);
        if (target) targets.push(target);
      }
    }
  }
  return targets;
}

/** The topics and queues named by a mapping of environment variables. */
export function environmentTargets(yaml: YamlDoc, variables: unknown, index: ResourceIndex): Target[] {
  return yaml.entries(variables).flatMap((variable) => anyChannelTarget(yaml, variable.value, index) ?? []);
}

/** One link per target, from one source; a target the source subscribes to is not also published to. */
export function addLinks(yaml: YamlDoc, out: FactsCollector, edgeType: 'publishes' | 'subscribes', from: LinkEnd, targets: readonly Target[]): void {
  for (const target of targets) {
    if (edgeType === 'publishes' && out.hasLink('subscribes', from, target.end)) continue;
    out.addLink({
      ...yaml.position(target.at),
      edgeType,
      from,
      to: target.end,
      ...(target.unresolved ? { unresolved: target.unresolved } : {}),
    });
  }
}
