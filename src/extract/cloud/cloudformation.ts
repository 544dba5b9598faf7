import type { Node } from 'yaml';
import type { FactsCollector } from '../manifests/collector';
import type { YamlDoc } from '../yaml/nodes';
import { nestedStackImports } from './imports';
import { logicalReference } from './intrinsics';
import {
  type Target, addLinks, channelTarget, environmentTargets, functionTarget, localEnd, namedTarget, publishTargetsOfStatements,
} from './messaging';
import { type CloudResource, ResourceIndex, declareResources, plainText } from './resources';
import { joinRepoPath, linkHandlerCode, templateDir } from './handlers';
import { addFunctionRoute } from './routes';

/**
 * CloudFormation and SAM templates (SPEC §2.5 #8): the resources of `Resources` as nodes,
 * who subscribes and publishes to which topic or queue, and the nested stacks imported.
 */
export function extractCloudFormation(yaml: YamlDoc, out: FactsCollector): void {
  const index = new ResourceIndex();
  declareResources(yaml, yaml.get(yaml.root, 'Resources'), out, index);
  linkResources(yaml, out, index);
  nestedStackImports(yaml, out, index);
}

/**
 * Links between declared resources, subscriptions first: a function that consumes a
 * queue is not also said to publish to it because its environment names the queue.
 */
export function linkResources(yaml: YamlDoc, out: FactsCollector, index: ResourceIndex): void {
  for (const resource of index.all()) {
    if (resource.type === 'AWS::SNS::Subscription') linkSubscription(yaml, out, index, resource);
    if (resource.type === 'AWS::SNS::Topic') linkInlineSubscriptions(yaml, out, index, resource);
    if (resource.type === 'AWS::Lambda::EventSourceMapping') linkEventSourceMapping(yaml, out, index, resource);
  }
  const functions = [...index.all()].filter((resource) => resource.kind === 'function');
  for (const fn of functions) linkFunctionEvents(yaml, out, index, fn);
  for (const fn of functions) linkFunctionCode(yaml, out, fn);
  for (const fn of functions) addLinks(yaml, out, 'publishes', localEnd(fn.logicalId), functionPublishTargets(yaml, index, fn));
}

/** `AWS::SNS::Subscription`: its endpoint (a queue or function of this file, else the subscription itself) subscribes to the topic. */
function linkSubscription(yaml: YamlDoc, out: FactsCollector, index: ResourceIndex, subscription: CloudResource): void {
  const topic = channelTarget(yaml, yaml.get(subscription.properties, 'TopicArn'), index, 'topic');
  if (!topic) return;
  const endpoint = localEndpoint(yaml, index, yaml.get(subscription.properties, 'Endpoint'));
  addLinks(yaml, out, 'subscribes', localEnd(endpoint ?? subscription.logicalId), [topic]);
}

/** A topic's own `Subscription` list: each endpoint of this file subscribes to it. */
function linkInlineSubscriptions(yaml: YamlDoc, out: FactsCollector, index: ResourceIndex, topic: CloudResource): void {
  for (const subscription of yaml.items(yaml.get(topic.properties, 'Subscription'))) {
    const endpointNode = yaml.get(subscription, 'Endpoint');
    const endpoint = localEndpoint(yaml, index, endpointNode);
    if (endpoint && endpointNode) addLinks(yaml, out, 'subscribes', localEnd(endpoint), [{ end: localEnd(topic.logicalId), at: endpointNode }]);
  }
}

function localEndpoint(yaml: YamlDoc, index: ResourceIndex, node: Node | undefined): string | undefined {
  const target = channelTarget(yaml, node, index, 'queue') ?? functionTarget(yaml, node, index);
  return target?.end.form === 'local' ? target.end.name : undefined;
}

/** `AWS::Lambda::EventSourceMapping`: the function subscribes to the queue (other event sources are not queues). */
function linkEventSourceMapping(yaml: YamlDoc, out: FactsCollector, index: ResourceIndex, mapping: CloudResource): void {
  const queue = channelTarget(yaml, yaml.get(mapping.properties, 'EventSourceArn'), index, 'queue');
  const fn = functionTarget(yaml, yaml.get(mapping.properties, 'FunctionName'), index);
  if (queue && fn) addLinks(yaml, out, 'subscribes', fn.end, [queue]);
}

/**
 * The code a function runs: `Handler` in the folder `CodeUri` (SAM) or `Code` (a local
 * path `aws cloudformation package` uploads) names, SAM's `Globals.Function` filling
 * in what the function leaves out. Code in S3 or inline is no file of the repo.
 */
function linkFunctionCode(yaml: YamlDoc, out: FactsCollector, fn: CloudResource): void {
  const globals = fn.type === 'AWS::Serverless::Function' ? yaml.at(yaml.root, 'Globals', 'Function') : undefined;
  const own = (key: string): Node | undefined => yaml.get(fn.properties, key) ?? yaml.get(globals, key);
  const handlerNode = own('Handler');
  const handler = plainText(yaml, handlerNode);
  const codeNode = own(fn.type === 'AWS::Serverless::Function' ? 'CodeUri' : 'Code');
  const codeUri = codeNode === undefined ? '.' : plainText(yaml, codeNode);
  const codeDir = codeUri === undefined ? undefined : joinRepoPath(templateDir(out.path), codeUri);
  if (!handler || !handlerNode || codeDir === undefined) return;
  linkHandlerCode(yaml, out, fn.logicalId, { handler, at: handlerNode, codeDir, runtime: plainText(yaml, own('Runtime')) });
}

/** SAM function `Events`: SQS and SNS events subscribe, Api and HttpApi events are routes. */
function linkFunctionEvents(yaml: YamlDoc, out: FactsCollector, index: ResourceIndex, fn: CloudResource): void {
  for (const event of yaml.entries(yaml.get(fn.properties, 'Events'))) {
    const type = yaml.textAt(event.value, 'Type');
    const properties = yaml.get(event.value, 'Properties');
    if (type === 'SQS' || type === 'SNS') {
      const channel = type === 'SQS' ? 'queue' : 'topic';
      const target = channelTarget(yaml, yaml.get(properties, type === 'SQS' ? 'Queue' : 'Topic'), index, channel);
      if (target) addLinks(yaml, out, 'subscribes', localEnd(fn.logicalId), [target]);
    } else if (type === 'Api' || type === 'HttpApi') {
      const pathNode = yaml.get(properties, 'Path');
      const path = yaml.text(pathNode);
      if (pathNode && path) addFunctionRoute(yaml, out, fn.logicalId, { method: yaml.textAt(properties, 'Method') ?? 'ANY', path, at: pathNode }, 'sam');
    }
  }
}

/** SAM policy templates that grant publishing, with the property naming the topic or queue. */
const PUBLISH_POLICY_TEMPLATES = {
  SNSPublishMessagePolicy: { channel: 'topic', property: 'TopicName' },
  SQSSendMessagePolicy: { channel: 'queue', property: 'QueueName' },
} as const;

/**
 * What a function publishes to: topics and queues its environment variables name, its
 * SAM policy templates and inline policy statements grant, and the statements of the
 * IAM role of this file it runs as.
 */
function functionPublishTargets(yaml: YamlDoc, index: ResourceIndex, fn: CloudResource): Target[] {
  const targets = environmentTargets(yaml, yaml.at(fn.properties, 'Environment', 'Variables'), index);
  for (const policy of yaml.items(yaml.get(fn.properties, 'Policies'))) {
    for (const [template, { channel, property }] of Object.entries(PUBLISH_POLICY_TEMPLATES)) {
      const nameNode = yaml.at(policy, template, property);
      const byReference = channelTarget(yaml, nameNode, index, channel);
      const name = plainText(yaml, nameNode);
      const target = byReference ?? (name && nameNode ? namedTarget(channel, name, nameNode) : undefined);
      if (target) targets.push(target);
    }
    targets.push(...publishTargetsOfStatements(yaml, yaml.get(policy, 'Statement'), index));
  }
  const role = roleOf(yaml, index, fn);
  for (const policy of yaml.items(yaml.get(role?.properties, 'Policies'))) {
    targets.push(...publishTargetsOfStatements(yaml, yaml.at(policy, 'PolicyDocument', 'Statement'), index));
  }
  return targets;
}

function roleOf(yaml: YamlDoc, index: ResourceIndex, fn: CloudResource): CloudResource | undefined {
  const roleNode = yaml.get(fn.properties, 'Role');
  const reference = logicalReference(yaml, roleNode);
  const role = reference && index.get(reference.logicalId);
  return role?.type === 'AWS::IAM::Role' ? role : undefined;
}
