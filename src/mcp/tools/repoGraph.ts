import { hashArg, requireRepo } from '../args';
import { defineTool } from '../tool';
import { listOutput, wireFile, WireFileSchema } from '../wire';

/** SPEC 4.2 repo_graph: the live files of a repository, by path. */
export const tool = defineTool({
  name: 'repo_graph',
  title: 'Files of a repository',
  category: 'Graph queries',
  description: 'Lists the files of a repository as indexed now (FileHash, RepoHash, Path, ContentHash), sorted by path.',
  inputSchema: {
    repo_hash: hashArg('repo_hash', 'Repository hash (64 lowercase hex); the ckg://repos resource and index_repo list them'),
  },
  outputSchema: listOutput(WireFileSchema),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ repo_hash }, deps) {
    const store = deps.store();
    await requireRepo(store, 'repo_hash', repo_hash);
    return { result: (await store.liveFileRecords(repo_hash)).map(wireFile) };
  },
});
