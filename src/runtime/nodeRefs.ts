import { type GraphNode, type Hash, Identity, type NodeKind, QualifiedName } from '../model';
import { BoundedMap } from './boundedMap';

/**
 * An end of a runtime edge: a node static indexing made (a route handler), or a
 * placeholder the ingestor creates, `<service>://UNRESOLVED/<route>` (SPEC 1.7).
 */
export interface NodeRef {
  readonly nodeHash: Hash;
  readonly repoHash: Hash;
  /** Set for placeholders: the node to write when it is not live yet. */
  readonly placeholder?: GraphNode;
}

/** The one source node of traffic whose caller is not a traced service (root spans, client IPs). */
export const EXTERNAL_CLIENT = { service: 'external', name: 'client' } as const;

/**
 * Placeholder nodes by name, cached (bounded) because hot routes recur in every batch.
 * A service that is not an indexed repo gets the repo hash of its name, so its
 * placeholders never mix with an indexed repo's nodes.
 */
export class PlaceholderNodes {
  private readonly cache: BoundedMap<string, NodeRef>;

  constructor(capacity = 50_000) {
    this.cache = new BoundedMap(capacity);
  }

  get(service: string, name: string, kind: NodeKind, repo?: { readonly repoHash: Hash; readonly repoUrl: string }): NodeRef {
    const key = `${service}\0${name}\0${kind}\0${repo?.repoHash ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const qualifiedName = QualifiedName.unresolved(service, name);
    const repoUrl = repo?.repoUrl ?? service;
    const repoHash = repo?.repoHash ?? Identity.repo(service);
    const node: GraphNode = {
      nodeHash: Identity.node(repoUrl, qualifiedName, kind), fileHash: '', repoHash, qualifiedName, kind,
      line: 0, column: 0, endLine: 0, signature: '', bodyHash: '', doc: '',
    };
    const ref: NodeRef = { nodeHash: node.nodeHash, repoHash, placeholder: node };
    this.cache.set(key, ref);
    return ref;
  }
}
