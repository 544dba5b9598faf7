import { z } from 'zod';
import { compareStrings } from '../../graph/viewIndex';
import type { GraphNode, Hash } from '../../model';
import { hashArg, requireRepo } from '../args';
import { defineTool } from '../tool';
import { listOutput, wireFile, WireFileSchema, wireNode, WireNodeSchema } from '../wire';

/**
 * SPEC 4.6 ownership: every live file of a repository with the symbols it declares, files
 * by path and symbols by line. Files without symbols carry an empty `nodes` list;
 * repo-level nodes (packages, unresolved placeholders) belong to no file and are left out.
 */
export const tool = defineTool({
  name: 'ownership',
  title: 'Symbols owned by each file',
  category: 'Ownership',
  description: 'Lists each file of a repository with the symbols (nodes) declared in it: [{file, nodes}], files by path, nodes by line.',
  inputSchema: {
    repo_hash: hashArg('repo_hash', 'Repository hash (64 lowercase hex); the ckg://repos resource and index_repo list them'),
  },
  outputSchema: listOutput(z.object({ file: WireFileSchema, nodes: z.array(WireNodeSchema).optional() })),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ repo_hash }, deps) {
    const store = deps.store();
    await requireRepo(store, 'repo_hash', repo_hash);
    const byFile = new Map<Hash, GraphNode[]>();
    for (const node of await store.liveNodesOfRepo(repo_hash)) {
      if (!node.fileHash) continue;
      const list = byFile.get(node.fileHash);
      if (list) list.push(node);
      else byFile.set(node.fileHash, [node]);
    }
    const result = (await store.liveFileRecords(repo_hash)).map((file) => ({
      file: wireFile(file),
      nodes: (byFile.get(file.fileHash) ?? [])
        .sort((a, b) => a.line - b.line || compareStrings(a.qualifiedName, b.qualifiedName) || compareStrings(a.kind, b.kind))
        .map(wireNode),
    }));
    return { result };
  },
});
