import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { type Hash, type SnapshotRecord, isHash } from '../model';
import type { SnapshotLog } from '../store';
import type { ServerDeps } from './server';

/**
 * Repositories and their snapshots as MCP resources, so an agent can find the hashes the
 * tools take without indexing anything: `ckg://repos` lists repositories,
 * `ckg://repos/<repo_hash>/snapshots` one repository's snapshots, newest first.
 * `ckg snapshots` prints the same descriptions.
 */
export const REPOS_URI = 'ckg://repos';
export const snapshotsUri = (repoHash: Hash): string => `${REPOS_URI}/${repoHash}/snapshots`;

export interface SnapshotDescription {
  readonly snapshot_hash: Hash;
  readonly commit: string;
  readonly parent_commit: string;
  readonly dirty: boolean;
  /** Unix seconds and the same as ISO 8601. */
  readonly created_at: number;
  readonly created: string;
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
}

export interface RepoDescription {
  readonly repo_url: string;
  readonly repo_hash: Hash;
  readonly root_path: string;
  readonly service_name: string;
  readonly snapshot_count: number;
  readonly latest_snapshot: SnapshotDescription | null;
  readonly snapshots_uri: string;
}

export function describeSnapshot(s: SnapshotRecord): SnapshotDescription {
  return {
    snapshot_hash: s.snapshotHash,
    commit: s.commitHash,
    parent_commit: s.parentCommit,
    dirty: s.dirty,
    created_at: s.createdAt,
    created: new Date(s.createdAt * 1000).toISOString(),
    files: s.fileCount,
    nodes: s.nodeCount,
    edges: s.edgeCount,
  };
}

/** A repository's snapshots, newest first. */
export async function describeSnapshots(store: SnapshotLog, repoHash: Hash): Promise<SnapshotDescription[]> {
  return (await store.snapshots(repoHash)).sort((a, b) => b.seq - a.seq).map(describeSnapshot);
}

/** Every repository by URL, with its newest snapshot. */
export async function describeRepos(store: SnapshotLog): Promise<RepoDescription[]> {
  const repos = await store.repos();
  const snapshotsOf = await Promise.all(repos.map((r) => store.snapshots(r.repoHash)));
  return repos.map((r, i) => {
    const snapshots = snapshotsOf[i];
    const latest = snapshots.reduce<SnapshotRecord | undefined>((best, s) => (!best || s.seq > best.seq ? s : best), undefined);
    return {
      repo_url: r.repoUrl,
      repo_hash: r.repoHash,
      root_path: r.rootPath,
      service_name: r.serviceName,
      snapshot_count: snapshots.length,
      latest_snapshot: latest ? describeSnapshot(latest) : null,
      snapshots_uri: snapshotsUri(r.repoHash),
    };
  });
}

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }] };
}

export function registerResources(server: McpServer, deps: ServerDeps): void {
  const fresh = <T>(work: () => Promise<T>): Promise<T> => (deps.withFreshGraph ? deps.withFreshGraph(work) : work());
  server.registerResource(
    'repos',
    REPOS_URI,
    { title: 'Indexed repositories', description: 'Repositories in the graph: URL, hash, service name, newest snapshot', mimeType: 'application/json' },
    (uri) => fresh(async () => json(uri.href, await describeRepos(deps.store()))),
  );
  server.registerResource(
    'snapshots',
    new ResourceTemplate(`${REPOS_URI}/{repo_hash}/snapshots`, {
      list: () => fresh(async () => ({
        resources: (await deps.store().repos()).map((r) => ({
          uri: snapshotsUri(r.repoHash),
          name: `snapshots of ${r.repoUrl}`,
          mimeType: 'application/json',
        })),
      })),
    }),
    { title: 'Snapshots of a repository', description: 'Snapshot hash, commit, parent, dirty flag, time and counts; newest first', mimeType: 'application/json' },
    (uri, variables) => fresh(async () => {
      const repoHash = String(variables.repo_hash);
      if (!isHash(repoHash) || !(await deps.store().repo(repoHash))) {
        throw new McpError(ErrorCode.InvalidParams, `repo_hash: no repository with hash ${repoHash} (see ${REPOS_URI})`);
      }
      return json(uri.href, await describeSnapshots(deps.store(), repoHash));
    }),
  );
}
