import { type Hash, hashOf } from './hash';
import type { EdgeType, NodeKind } from './kinds';

/**
 * Named constructors for every identity hash (DESIGN §4). Each one is a pure function of
 * the fields named in SPEC §2 / DESIGN §4, so hashes handed to agents stay valid while
 * the thing they name exists.
 */
export const Identity = {
  repo(repoUrl: string): Hash {
    return hashOf('repo', repoUrl);
  },
  /** Stable across commits: content changes do not move a file's hash. */
  file(repoHash: Hash, path: string): Hash {
    return hashOf('file', repoHash, path);
  },
  node(repoUrl: string, qualifiedName: string, kind: NodeKind): Hash {
    return hashOf('node', repoUrl, qualifiedName, kind);
  },
  edge(sourceHash: Hash, targetHash: Hash, edgeType: EdgeType, provenance: string): Hash {
    return hashOf('edge', sourceHash, targetHash, edgeType, provenance);
  },
  snapshot(repoHash: Hash, commitKey: string): Hash {
    return hashOf('snapshot', repoHash, commitKey);
  },
};
