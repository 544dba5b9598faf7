import type { FactsCollector } from '../manifests/collector';
import type { YamlDoc } from '../yaml/nodes';

/** The kustomization fields that name other manifests or kustomization directories. */
const REFERENCE_FIELDS = ['resources', 'bases', 'components'];

/**
 * A kustomization: each entry of `resources`, `bases` and `components` is an import of a
 * file or a directory (the yaml resolver maps a directory to its kustomization file;
 * remote URLs stay outside the repo). `namespace:` and patches are not applied to the
 * files they name.
 */
export function extractKustomization(docs: readonly YamlDoc[], out: FactsCollector): void {
  for (const yaml of docs) {
    for (const field of REFERENCE_FIELDS) {
      for (const item of yaml.items(yaml.get(yaml.root, field))) {
        const source = yaml.text(item)?.trim();
        if (source) out.addImport({ ...yaml.position(item), source, bindings: [] });
      }
    }
  }
}
