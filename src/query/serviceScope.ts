import type { GraphView } from '../graph/graphView';
import { type Hash, isUnderFolder, serviceOfPath } from '../model';
import type { ServiceMapping } from '../runtime/serviceMapper';

/**
 * Whether a node is code of a traced service as ingest maps it (SPEC 2.8): in the mapped
 * repository, in a file owned by one of the mapping's services, and under its folder when
 * a service_map entry names one. Placeholders (no file) are named by their service instead.
 */
export function inServiceScope(view: GraphView, mapping: ServiceMapping, nodeHash: Hash): boolean {
  const node = view.nodes.get(nodeHash);
  if (!node || node.fileHash === '' || node.repoHash !== mapping.repo.repoHash) return false;
  const filePath = view.pathOf(node);
  const { services, folder } = mapping.scope;
  return services.includes(serviceOfPath(mapping.repo, filePath)) && (folder === undefined || isUnderFolder(filePath, folder));
}
