import { type Node, isMap } from 'yaml';
import type { LinkEnd } from '../facts';
import type { FactsCollector } from '../manifests/collector';
import { composeImports } from './imports';
import { type Entry, type YamlDoc, commentAbove } from '../yaml/nodes';

/** A service's reference to another service, with where it is written. */
interface ServiceLink {
  readonly target: string;
  readonly at: Node;
}

/**
 * docker-compose files (SPEC §2.5 #9): each service is a 'service' node; `depends_on`
 * (list or map), `links` and `network_mode: service:x` are `connects_to` links to the
 * named service, and two services on a shared user-defined network are connected once,
 * from the one declared first to the later one (unless a depends_on already links the
 * pair either way). Only services declared in the same file are linked. The files it
 * `include`s and `extends` services of are its imports.
 */
export function extractCompose(yaml: YamlDoc, out: FactsCollector): void {
  const services = yaml.entries(yaml.get(yaml.root, 'services'));
  const declared = new Set(services.map((service) => service.name));
  services.forEach((service, position) => declareService(yaml, out, service, position === 0 ? yaml.get(yaml.root, 'services') : undefined));
  const linked = new Set<string>();
  for (const service of services) {
    for (const link of serviceLinks(yaml, service.value)) {
      if (!declared.has(link.target) || link.target === service.name) continue;
      out.addLink({ ...yaml.position(link.at), edgeType: 'connects_to', from: serviceEnd(service.name), to: serviceEnd(link.target) });
      linked.add(pairId(service.name, link.target));
    }
  }
  linkSharedNetworks(yaml, out, services, linked);
  composeImports(yaml, out);
}

function serviceEnd(name: string): LinkEnd {
  return { form: 'local', name };
}

function pairId(a: string, b: string): string {
  return a < b ? `${a}\0${b}` : `${b}\0${a}`;
}

function declareService(yaml: YamlDoc, out: FactsCollector, service: Entry, section: Node | undefined): void {
  const image = yaml.textAt(service.value, 'image');
  const build = yaml.textAt(service.value, 'build') ?? yaml.textAt(service.value, 'build', 'context');
  const origin = image ? `image ${image}` : build ? `build ${build}` : '';
  out.addSymbol(yaml, {
    name: service.name,
    kind: 'service',
    nameNode: service.keyNode,
    bodyStart: service.keyNode,
    bodyEnd: service.value ?? service.keyNode,
    signature: origin ? `${service.name}: ${origin}` : service.name,
    doc: commentAbove(service.keyNode, section),
    keys: [`compose:${out.path}:${service.name}`],
  });
}

/** `depends_on` as a list or a map of conditions, legacy `links` (`name[:alias]`), `network_mode: service:name`. */
function serviceLinks(yaml: YamlDoc, service: Node | undefined): ServiceLink[] {
  const links: ServiceLink[] = [];
  const dependsOn = yaml.get(service, 'depends_on');
  if (isMap(dependsOn)) {
    for (const entry of yaml.entries(dependsOn)) links.push({ target: entry.name, at: entry.keyNode });
  }
  for (const item of [...yaml.items(dependsOn), ...yaml.items(yaml.get(service, 'links'))]) {
    const name = yaml.text(item)?.split(':')[0]?.trim();
    if (name) links.push({ target: name, at: item });
  }
  const modeNode = yaml.get(service, 'network_mode');
  const mode = yaml.text(modeNode);
  if (modeNode && mode?.startsWith('service:')) links.push({ target: mode.slice('service:'.length).trim(), at: modeNode });
  return links;
}

/** Services sharing a network declared under the top-level `networks` (the implicit `default` is not one). */
function linkSharedNetworks(yaml: YamlDoc, out: FactsCollector, services: readonly Entry[], linked: Set<string>): void {
  const userNetworks = new Set(yaml.entries(yaml.get(yaml.root, 'networks')).map((network) => network.name));
  userNetworks.delete('default');
  const members = new Map<string, { service: string; at: Node }[]>();
  for (const service of services) {
    for (const network of networksOf(yaml, service.value)) {
      if (!userNetworks.has(network.target)) continue;
      let list = members.get(network.target);
      if (!list) members.set(network.target, (list = []));
      list.push({ service: service.name, at: network.at });
    }
  }
  for (const list of members.values()) {
    list.forEach((later, i) => {
      for (const earlier of list.slice(0, i)) {
        const pair = pairId(earlier.service, later.service);
        if (linked.has(pair) || earlier.service === later.service) continue;
        linked.add(pair);
        out.addLink({ ...yaml.position(later.at), edgeType: 'connects_to', from: serviceEnd(earlier.service), to: serviceEnd(later.service) });
      }
    });
  }
}

/** A service's `networks`: a list of names, or a map of names to settings. */
function networksOf(yaml: YamlDoc, service: Node | undefined): ServiceLink[] {
  const networks = yaml.get(service, 'networks');
  if (isMap(networks)) return yaml.entries(networks).map((entry) => ({ target: entry.name, at: entry.keyNode }));
  return yaml.items(networks).flatMap((item) => {
    const name = yaml.text(item);
    return name ? [{ target: name, at: item }] : [];
  });
}
