import { type GraphNode, type Hash, Identity, QualifiedName } from '../model';

/**
 * The node of a topic, queue or subject: one per (messaging system, name), the same in
 * every repository and the same node the runtime ingestor names for a span's
 * destination (`<system>://UNRESOLVED/<topic>`, src/runtime/nodeRefs.ts), so a publish
 * in one service, a consumer in another and the traffic between them meet on it. It
 * belongs to no file; `repoHash` is the repository that first names it.
 */
export function topicNode(system: string, topic: string, repoHash: Hash): GraphNode {
  const qualifiedName = QualifiedName.unresolved(system, topic);
  return {
    nodeHash: Identity.node(system, qualifiedName, 'topic'), fileHash: '', repoHash, qualifiedName, kind: 'topic',
    line: 0, column: 0, endLine: 0, signature: '', bodyHash: '', doc: '',
  };
}
