import { type EdgeType, type FileRecord, type GraphEdge, type GraphNode, type Hash, Identity, type SnapshotRecord } from '../../../src/model';

/** Small rows the contract writes: one repo, files a.ts and b.ts, functions by name. */

export const REPO_URL = 'example.com/r';
export const REPO = Identity.repo(REPO_URL);
export const FILE = Identity.file(REPO, 'a.ts');
export const OTHER_FILE = Identity.file(REPO, 'b.ts');

export function node(name: string, overrides: Partial<GraphNode> = {}): GraphNode {
  const qualifiedName = `${REPO_URL}://a.${name}`;
  return {
    nodeHash: Identity.node(REPO_URL, qualifiedName, 'function'), fileHash: FILE, repoHash: REPO, qualifiedName,
    kind: 'function', line: 1, column: 0, endLine: 2, signature: `function ${name}()`, bodyHash: 'b1', doc: '', ...overrides,
  };
}

export function edge(source: GraphNode, target: GraphNode, line = 1, edgeType: EdgeType = 'calls', provenance = 'ast_inferred'): GraphEdge {
  return {
    edgeHash: Identity.edge(source.nodeHash, target.nodeHash, edgeType, provenance), sourceHash: source.nodeHash,
    targetHash: target.nodeHash, edgeType, confidence: 0.7, provenance, callSiteFile: 'a.ts',
    callSiteLine: line, callSiteCol: 3, laterCallSites: [], observationCount: 0, lastObserved: 0, ownerFileHash: FILE,
  };
}

export function file(path: string, contentHash = 'c1'): FileRecord {
  return { fileHash: Identity.file(REPO, path), repoHash: REPO, path, contentHash, language: 'typescript', sizeBytes: 10 };
}

export function snapshot(seq: number, overrides: Partial<SnapshotRecord> = {}): SnapshotRecord {
  return {
    snapshotHash: Identity.snapshot(REPO, `commit-${seq}`), repoHash: REPO, seq, commitHash: `commit-${seq}`, parentCommit: '',
    dirty: false, createdAt: 1_700_000_000 + seq, merkleRoot: '', fileCount: 0, nodeCount: 0, edgeCount: 0, ...overrides,
  };
}

/** A placeholder node owned by no file (an unresolved callee, a package). */
export function placeholder(name: string): GraphNode {
  const qualifiedName = `${REPO_URL}://UNRESOLVED/${name}`;
  return { ...node(name), nodeHash: Identity.node(REPO_URL, qualifiedName, 'function'), qualifiedName, fileHash: '' };
}

export function sortedHashes<T>(rows: readonly T[], hashOf: (row: T) => Hash): Hash[] {
  return rows.map(hashOf).sort();
}

/** The digests edgeBucketDigests returns when its digest joins a bucket's hashes with commas. */
export function hashesJoinedByBucket(hashes: readonly Hash[]): string[] {
  const buckets = new Map<string, Hash[]>();
  for (const hash of [...hashes].sort()) buckets.set(hash.slice(0, 3), [...buckets.get(hash.slice(0, 3)) ?? [], hash]);
  return [...buckets.keys()].sort().map((bucket) => buckets.get(bucket)!.join(','));
}

/** The digest hashesJoinedByBucket expects. */
export const joinHashes = (hashes: readonly Hash[]): string => hashes.join(',');
