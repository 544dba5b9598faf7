import { z } from 'zod';
import type { IndexSummary } from '../../index/repoIndexer';
import { optionalTextArg, textArg } from '../args';
import { ToolError, defineTool } from '../tool';
import { exactOutput, integer } from '../wire';

/**
 * SPEC 4.1 index_repo: runs the indexer on a local repository and persists the graph,
 * only under the server's allowed roots (deps.indexRoots): a client must not be able to
 * index, and then read through the context tools, any directory the server can read.
 * The reply is plain text beginning `index_repo complete:` with repo_url, repo_path and
 * commit (SPEC), then what an agent needs next: the repo and snapshot hashes and counts.
 */
export const tool = defineTool({
  name: 'index_repo',
  title: 'Index a repository',
  category: 'Indexing',
  description:
    'Indexes a local repository into the graph (the working tree, or commit_hash) and records a snapshot. '
    + 'repo_path must lie under the server\'s allowed roots (by default its working directory and the repositories already indexed). '
    + 'Only changed files are re-extracted. Replies with plain text: `index_repo complete:` repo_url, repo_path, commit, '
    + 'then the repo hash, snapshot hash and counts.',
  inputSchema: {
    repo_url: textArg('repo_url', 'Repository URL used in qualified names, e.g. github.com/acme/shop'),
    repo_path: textArg('repo_path', 'Local path of the repository (absolute, or relative to the server\'s working directory)'),
    commit_hash: optionalTextArg('commit_hash', 'Commit to index (any git commit-ish); default HEAD with the working tree'),
  },
  outputSchema: exactOutput({
    repo_url: z.string(), repo_path: z.string(), repo_hash: z.string(), commit: z.string(), dirty: z.boolean(),
    snapshot_hash: z.string(), new_snapshot: z.boolean(), files: integer, nodes: integer, edges: integer,
    changes: z.object({ added: integer, changed: integer, removed: integer, unchanged: integer }),
    seconds: z.number(),
  }),
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ repo_url, repo_path, commit_hash }, deps) {
    // Resolved before the check and indexed as resolved: `..` and symlinks cannot lead out.
    const realPath = await deps.indexRoots.resolve('repo_path', repo_path);
    let summary: IndexSummary;
    try {
      summary = await deps.index({ repoPath: realPath, repoUrl: repo_url, commit: commit_hash || undefined });
    } catch (error) {
      throw new ToolError(`index_repo failed: ${(error as Error).message ?? String(error)}`);
    }
    const snapshot = await deps.store().snapshot(summary.snapshotHash);
    const counts = { files: snapshot?.fileCount ?? 0, nodes: snapshot?.nodeCount ?? 0, edges: snapshot?.edgeCount ?? 0 };
    const commit = summary.commit || '(none: not a git repository)';
    const f = summary.files;
    const text = [
      `index_repo complete: repo_url=${summary.repoUrl} repo_path=${repo_path} commit=${commit}${summary.dirty ? ' (dirty working tree)' : ''}`,
      `repo_hash=${summary.repoHash}`,
      `snapshot_hash=${summary.snapshotHash}${summary.newSnapshot ? '' : ' (unchanged since the last index)'}`,
      `files=${counts.files} nodes=${counts.nodes} edges=${counts.edges}`,
      `changes: added ${f.added}, changed ${f.changed}, removed ${f.removed}, unchanged ${f.unchanged}; `
        + `${summary.filesWithSyntaxErrors} files with syntax errors; ${summary.seconds.toFixed(2)} s`,
    ].join('\n');
    return {
      text,
      result: {
        repo_url: summary.repoUrl,
        repo_path,
        repo_hash: summary.repoHash,
        commit: summary.commit,
        dirty: summary.dirty,
        snapshot_hash: summary.snapshotHash,
        new_snapshot: summary.newSnapshot,
        ...counts,
        changes: { added: f.added, changed: f.changed, removed: f.removed, unchanged: f.unchanged },
        seconds: Number(summary.seconds.toFixed(3)),
      },
    };
  },
});
