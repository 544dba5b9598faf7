import type { Node } from 'yaml';
import type { NodeKind } from '../../model/kinds';
import type { LinkEnd } from '../facts';
import type { FactsCollector } from '../manifests/collector';
import { type YamlDoc, commentAbove } from '../yaml/nodes';
import { configReferences } from './podSpec';

/** The Kubernetes kinds read, with their node kind and where a workload keeps its pod template. */
interface KindSpec {
  readonly nodeKind: NodeKind;
  /** Path from the object root to the pod template, for workloads. */
  readonly podTemplate?: readonly string[];
}

const KINDS: Readonly<Record<string, KindSpec>> = {
  Deployment: { nodeKind: 'resource', podTemplate: ['spec', 'template'] },
  StatefulSet: { nodeKind: 'resource', podTemplate: ['spec', 'template'] },
  DaemonSet: { nodeKind: 'resource', podTemplate: ['spec', 'template'] },
  ReplicaSet: { nodeKind: 'resource', podTemplate: ['spec', 'template'] },
  Job: { nodeKind: 'resource', podTemplate: ['spec', 'template'] },
  CronJob: { nodeKind: 'resource', podTemplate: ['spec', 'jobTemplate', 'spec', 'template'] },
  Service: { nodeKind: 'service' },
  Ingress: { nodeKind: 'resource' },
  ConfigMap: { nodeKind: 'resource' },
  Secret: { nodeKind: 'resource' },
};

/** One object of a manifest, as the readers below need it. */
interface K8sObject {
  readonly yaml: YamlDoc;
  readonly root: Node;
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  /** `<namespace>/<Kind>`: the package path of the object's node (DESIGN §4). */
  readonly packagePath: string;
}

/** Key of an object, found by the `keys` ends of links: `k8s:<ns>/<Kind>/<name>`. */
export function objectKey(namespace: string, kind: string, name: string): string {
  return `k8s:${namespace}/${kind}/${name}`;
}

/** Key of one pod label of a workload in a namespace: `k8s:label:<ns>/<k>=<v>`. */
export function labelKey(namespace: string, label: string, value: string): string {
  return `k8s:label:${namespace}/${label}=${value}`;
}

/** Key of every object of one directory: links prefer objects that sit beside them. */
export function directoryKey(filePath: string): string {
  return `k8s:dir:${filePath.slice(0, Math.max(0, filePath.lastIndexOf('/')))}`;
}

/**
 * Candidates for a key set: the objects in the link's own directory first, then any in
 * the repo. Repos often keep variants of one app's manifests (plain, kustomize base,
 * release bundle); a Service then selects the Deployment it is shipped with.
 */
function nearbyFirst(keys: readonly string[], out: FactsCollector): string[][] {
  return [[...keys, directoryKey(out.path)], [...keys]];
}

/**
 * Kubernetes manifests (SPEC §2.5 #7): workloads, Services, Ingresses, ConfigMaps and
 * Secrets as nodes under `<namespace>/<Kind>`; `deploys` from a Service to the workloads
 * its selector matches, `exposes` from an Ingress to its backend Services, `configures`
 * from a ConfigMap or Secret to the workloads that mount or read it. `kind: List`
 * objects are read item by item.
 */
export function extractKubernetes(docs: readonly YamlDoc[], out: FactsCollector): void {
  for (const yaml of docs) {
    const root = yaml.root;
    if (!root) continue;
    if (yaml.textAt(root, 'kind') === 'List') {
      for (const item of yaml.items(yaml.get(root, 'items'))) readObject(yaml, item, out);
    } else {
      readObject(yaml, root, out);
    }
  }
}

function readObject(yaml: YamlDoc, root: Node, out: FactsCollector): void {
  const kind = yaml.textAt(root, 'kind');
  const spec = kind === undefined ? undefined : KINDS[kind];
  const nameNode = yaml.writtenAt(root, 'metadata', 'name');
  const name = yaml.text(nameNode);
  if (!kind || !spec || !nameNode || !name) return;
  const namespace = yaml.textAt(root, 'metadata', 'namespace') || 'default';
  const object: K8sObject = { yaml, root, kind, name, namespace, packagePath: `${namespace}/${kind}` };
  const podTemplate = spec.podTemplate && yaml.at(root, ...spec.podTemplate);
  const labels = podTemplate ? yaml.entries(yaml.at(podTemplate, 'metadata', 'labels')) : [];
  const labelKeys = labels.flatMap((label) => {
    const value = yaml.text(label.value);
    return value === undefined ? [] : [labelKey(namespace, label.name, value)];
  });
  out.addSymbol(yaml, {
    name,
    kind: spec.nodeKind,
    nameNode,
    bodyStart: root,
    bodyEnd: root,
    signature: [yaml.textAt(root, 'apiVersion'), kind, name].filter(Boolean).join(' '),
    doc: objectComment(yaml, root),
    packagePath: object.packagePath,
    keys: [objectKey(namespace, kind, name), directoryKey(out.path), ...labelKeys],
  });
  if (kind === 'Service') linkSelectedWorkloads(object, out);
  if (kind === 'Ingress') linkBackendServices(object, out);
  if (podTemplate) linkConfigSources(object, yaml.get(podTemplate, 'spec'), out);
}

function localEnd(object: K8sObject): LinkEnd {
  return { form: 'local', name: object.name, packagePath: object.packagePath };
}

/** The comment above the object: on the document, or above its first key. */
function objectComment(yaml: YamlDoc, root: Node): string {
  const firstKey = yaml.entries(root)[0]?.keyNode;
  return yaml.document.contents === root ? commentAbove(yaml.document, root, firstKey) : commentAbove(root, firstKey);
}

/** A Service selects the pods carrying every label of its selector: one candidate of all of them. */
function linkSelectedWorkloads(service: K8sObject, out: FactsCollector): void {
  const { yaml } = service;
  const selector = yaml.entry(yaml.get(service.root, 'spec'), 'selector');
  if (!selector) return;
  const keys = yaml.entries(selector.value).flatMap((label) => {
    const value = yaml.text(label.value);
    return value === undefined ? [] : [labelKey(service.namespace, label.name, value)];
  });
  if (keys.length === 0) return;
  out.addLink({ ...yaml.position(selector.keyNode), edgeType: 'deploys', from: localEnd(service), to: { form: 'keys', candidates: nearbyFirst(keys, out) } });
}

/**
 * The Services an Ingress routes to: the default backend and every rule path backend,
 * in the networking/v1 form (`service.name`) and the v1beta1 form (`serviceName`).
 */
function linkBackendServices(ingress: K8sObject, out: FactsCollector): void {
  const { yaml } = ingress;
  const spec = yaml.get(ingress.root, 'spec');
  const backends = [yaml.get(spec, 'defaultBackend'), yaml.get(spec, 'backend')];
  for (const rule of yaml.items(yaml.get(spec, 'rules'))) {
    for (const path of yaml.items(yaml.at(rule, 'http', 'paths'))) backends.push(yaml.get(path, 'backend'));
  }
  for (const backend of backends) {
    const nameNode = yaml.writtenAt(backend, 'service', 'name') ?? yaml.writtenAt(backend, 'serviceName');
    const name = yaml.text(nameNode);
    if (!nameNode || !name) continue;
    out.addLink({
      ...yaml.position(nameNode),
      edgeType: 'exposes',
      from: localEnd(ingress),
      to: { form: 'keys', candidates: nearbyFirst([objectKey(ingress.namespace, 'Service', name)], out) },
    });
  }
}

/** ConfigMaps and Secrets a workload's pods read: each `configures` the workload. */
function linkConfigSources(workload: K8sObject, podSpec: Node | undefined, out: FactsCollector): void {
  for (const reference of configReferences(workload.yaml, podSpec)) {
    out.addLink({
      ...workload.yaml.position(reference.nameNode),
      edgeType: 'configures',
      from: { form: 'keys', candidates: nearbyFirst([objectKey(workload.namespace, reference.kind, reference.name)], out) },
      to: localEnd(workload),
    });
  }
}
