import type { Node } from 'yaml';
import type { YamlDoc } from '../yaml/nodes';

/** A ConfigMap or Secret named in a pod spec, with the node where its name is written. */
export interface ConfigReference {
  readonly kind: 'ConfigMap' | 'Secret';
  readonly name: string;
  readonly nameNode: Node;
}

const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'];

/**
 * Every ConfigMap and Secret a pod spec uses, in source order: containers' `envFrom`
 * (configMapRef, secretRef) and `env[].valueFrom` (configMapKeyRef, secretKeyRef), and
 * volumes (configMap, secret with its `secretName`, projected sources).
 */
export function configReferences(yaml: YamlDoc, podSpec: Node | undefined): ConfigReference[] {
  const found: ConfigReference[] = [];
  const add = (kind: ConfigReference['kind'], nameNode: Node | undefined): void => {
    const name = yaml.text(nameNode);
    if (nameNode && name) found.push({ kind, name, nameNode });
  };
  for (const list of CONTAINER_LISTS) {
    for (const container of yaml.items(yaml.get(podSpec, list))) {
      for (const source of yaml.items(yaml.get(container, 'envFrom'))) {
        add('ConfigMap', yaml.writtenAt(source, 'configMapRef', 'name'));
        add('Secret', yaml.writtenAt(source, 'secretRef', 'name'));
      }
      for (const variable of yaml.items(yaml.get(container, 'env'))) {
        const valueFrom = yaml.get(variable, 'valueFrom');
        add('ConfigMap', yaml.writtenAt(valueFrom, 'configMapKeyRef', 'name'));
        add('Secret', yaml.writtenAt(valueFrom, 'secretKeyRef', 'name'));
      }
    }
  }
  for (const volume of yaml.items(yaml.get(podSpec, 'volumes'))) {
    add('ConfigMap', yaml.writtenAt(volume, 'configMap', 'name'));
    add('Secret', yaml.writtenAt(volume, 'secret', 'secretName'));
    for (const source of yaml.items(yaml.writtenAt(volume, 'projected', 'sources'))) {
      add('ConfigMap', yaml.writtenAt(source, 'configMap', 'name'));
      add('Secret', yaml.writtenAt(source, 'secret', 'name'));
    }
  }
  return found;
}
