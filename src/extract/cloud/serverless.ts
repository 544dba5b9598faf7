import { type Node, isMap } from 'yaml';
import type { FactsCollector } from '../manifests/collector';
import { type Entry, type YamlDoc, commentAbove } from '../yaml/nodes';
import { linkResources } from './cloudformation';
import { nestedStackImports, serverlessFileImports } from './imports';
import { arnResourceName } from './intrinsics';
import {
  type Target, addLinks, channelTarget, environmentTargets, localEnd, namedTarget, publishTargetsOfStatements,
} from './messaging';
import { ResourceIndex, declareResources } from './resources';
import { linkHandlerCode, templateDir } from './handlers';
import { type HttpEvent, addFunctionRoute } from './routes';

/** Serverless `${self:a.b}` (optionally `, 'default'`): a value of this file by path. */
const SELF_VARIABLE = /^\$\{self:([\w.-]+)(?:\s*,\s*['"]?([^'"}]*)['"]?)?\}$/;
const TOPIC_NAME = /^[\w.-]+$/;

/**
 * Serverless Framework services (SPEC §2.5 #8): each function is a 'function' node,
 * http/httpApi events are routes it handles, sns/sqs events are `subscribes` links, and
 * the topics and queues its IAM statements allow publishing to, or its environment
 * names, are `publishes` links. Provider-level statements and environment apply to
 * every function. `resources.Resources` is read as a CloudFormation template. The files
 * of `${file(...)}` variables are its imports.
 */
export function extractServerless(yaml: YamlDoc, out: FactsCollector): void {
  const root = yaml.root;
  const index = new ResourceIndex();
  const resources = yaml.get(root, 'resources');
  for (const section of isMap(resources) ? [resources] : yaml.items(resources)) {
    declareResources(yaml, yaml.get(section, 'Resources'), out, index);
  }
  const functions = functionEntries(yaml, root);
  functions.forEach((fn, position) => declareFunction(yaml, out, fn, position === 0 ? yaml.get(root, 'functions') : undefined));
  linkResources(yaml, out, index);
  nestedStackImports(yaml, out, index);
  serverlessFileImports(yaml, out);
  for (const fn of functions) linkEvents(yaml, out, index, fn);
  const provider = yaml.get(root, 'provider');
  for (const fn of functions) linkCode(yaml, out, fn, provider);
  const providerTargets = [
    ...publishTargetsOfStatements(yaml, yaml.get(provider, 'iamRoleStatements'), index),
    ...publishTargetsOfStatements(yaml, yaml.at(provider, 'iam', 'role', 'statements'), index),
    ...environmentTargets(yaml, yaml.get(provider, 'environment'), index),
  ];
  for (const fn of functions) {
    const own = [
      ...publishTargetsOfStatements(yaml, yaml.get(fn.value, 'iamRoleStatements'), index),
      ...environmentTargets(yaml, yaml.get(fn.value, 'environment'), index),
    ];
    addLinks(yaml, out, 'publishes', localEnd(fn.name), [...own, ...providerTargets]);
  }
}

/** `functions` as a mapping, or a list of mappings (several files merged in). */
function functionEntries(yaml: YamlDoc, root: Node | undefined): Entry[] {
  const functions = yaml.get(root, 'functions');
  return isMap(functions) ? yaml.entries(functions) : yaml.items(functions).flatMap((part) => yaml.entries(part));
}

function declareFunction(yaml: YamlDoc, out: FactsCollector, fn: Entry, section: Node | undefined): void {
  const handler = yaml.textAt(fn.value, 'handler') ?? yaml.textAt(fn.value, 'image');
  out.addSymbol(yaml, {
    name: fn.name,
    kind: 'function',
    nameNode: fn.keyNode,
    bodyStart: fn.keyNode,
    bodyEnd: fn.value ?? fn.keyNode,
    signature: handler ? `${fn.name}: ${handler}` : fn.name,
    doc: commentAbove(fn.keyNode, section),
  });
}

/** `handler: src/handler.main`, relative to the folder of serverless.yml. */
function linkCode(yaml: YamlDoc, out: FactsCollector, fn: Entry, provider: Node | undefined): void {
  const handlerNode = yaml.get(fn.value, 'handler');
  const handler = selfText(yaml, handlerNode);
  const runtime = selfText(yaml, yaml.get(fn.value, 'runtime') ?? yaml.get(provider, 'runtime'));
  if (handler && handlerNode) linkHandlerCode(yaml, out, fn.name, { handler, at: handlerNode, codeDir: templateDir(out.path), runtime });
}

function linkEvents(yaml: YamlDoc, out: FactsCollector, index: ResourceIndex, fn: Entry): void {
  for (const event of yaml.items(yaml.get(fn.value, 'events'))) {
    for (const { name: type, value } of yaml.entries(event)) {
      if (type === 'http' || type === 'httpApi') {
        const route = httpEvent(yaml, value);
        if (route) addFunctionRoute(yaml, out, fn.name, route, 'serverless');
      } else if (type === 'sns') {
        const topic = snsTarget(yaml, value, index);
        if (topic) addLinks(yaml, out, 'subscribes', localEnd(fn.name), [topic]);
      } else if (type === 'sqs') {
        const queue = arnTarget(yaml, isMap(value) ? yaml.get(value, 'arn') : value, index, 'queue');
        if (queue) addLinks(yaml, out, 'subscribes', localEnd(fn.name), [queue]);
      }
    }
  }
}

/** `http: GET users/{id}`, `httpApi: 'GET /users'`, `httpApi: '*'`, or `{ method, path }`. */
function httpEvent(yaml: YamlDoc, value: Node | undefined): HttpEvent | undefined {
  if (!value) return undefined;
  if (isMap(value)) {
    const pathNode = yaml.get(value, 'path');
    const path = yaml.text(pathNode);
    return pathNode && path ? { method: yaml.textAt(value, 'method') ?? 'ANY', path, at: pathNode } : undefined;
  }
  const text = yaml.text(value)?.trim();
  if (!text) return undefined;
  if (text === '*') return { method: 'ANY', path: '*', at: value };
  const [method, path] = text.split(/\s+/);
  return method && path ? { method, path, at: value } : undefined;
}

/**
 * An sns event's topic: an ARN (written, `${self:...}`, or a reference to a topic of this
 * file) or a topic name, which Serverless creates when no resource declares it.
 */
function snsTarget(yaml: YamlDoc, value: Node | undefined, index: ResourceIndex): Target | undefined {
  if (!value) return undefined;
  if (isMap(value)) {
    const byArn = arnTarget(yaml, yaml.get(value, 'arn'), index, 'topic');
    const nameNode = yaml.get(value, 'topicName');
    const name = selfText(yaml, nameNode);
    return byArn ?? (nameNode && name && TOPIC_NAME.test(name) ? namedTarget('topic', name, nameNode) : undefined);
  }
  const text = selfText(yaml, value);
  if (text && TOPIC_NAME.test(text)) return namedTarget('topic', text, value);
  return arnTarget(yaml, value, index, 'topic');
}

/** A topic or queue ARN: a reference to this file's resources, an ARN written out or behind `${self:...}`. */
function arnTarget(yaml: YamlDoc, node: Node | undefined, index: ResourceIndex, channel: 'topic' | 'queue'): Target | undefined {
  if (!node) return undefined;
  const direct = channelTarget(yaml, node, index, channel);
  if (direct) return direct;
  const text = selfText(yaml, node);
  const name = text && arnResourceName(text, channel === 'topic' ? 'sns' : 'sqs');
  return name ? namedTarget(channel, name, node) : undefined;
}

/** A plain scalar's text with one `${self:path}` variable resolved against this file; tagged values have none. */
function selfText(yaml: YamlDoc, node: Node | undefined): string | undefined {
  if (!node || node.tag?.startsWith('!')) return undefined;
  const text = yaml.text(node)?.trim();
  const variable = text === undefined ? undefined : SELF_VARIABLE.exec(text);
  if (!variable) return text;
  const resolved = yaml.text(yaml.at(yaml.root, ...variable[1]!.split('.')))?.trim();
  const value = resolved ?? variable[2];
  return value && !value.includes('${') ? value : undefined;
}
