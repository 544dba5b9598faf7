import { buildFilesContext } from '../../context/contextBuilder';
import { buildWithinLimit } from '../../context/contextReply';
import { CONTEXT_FORMATS, DEFAULT_FORMAT } from '../../context/formats';
import { choiceArg, optionalTextArg, pathListArg, positiveIntArg } from '../args';
import { defineTool } from '../tool';
import { CONTEXT_OUTPUT, DEFAULT_CONTEXT_BUDGET, FORMAT_DESCRIPTION, MAX_CONTEXT_BUDGET, contextSources, replyLimit } from './contextForTask';

/** SPEC 4.7 context_for_files. */
export const tool = defineTool({
  name: 'context_for_files',
  title: 'Context for changed files',
  category: 'Context',
  description:
    'Blast-radius context for changed files: the symbols of those files seed a random walk with restart that leans '
    + 'towards their callers, weighted by runtime observations; related symbols are ranked by edge weight (SPEC 2.5), '
    + 'graph distance, runtime traffic and feedback, and the best per token fill token_budget with their relations and '
    + 'source lines. Unknown paths are an error naming them. '
    + 'Symbols runtime edges can name carry the SPEC 4.10.3 traffic report: observed (count, provenance, confidence '
    + 'band), confirmed zero traffic, or unknown (no data).',
  inputSchema: {
    files: pathListArg('files', 'Comma-separated changed file paths relative to the repository root, e.g. `src/cart.ts,src/price.ts`'),
    repo_url: optionalTextArg('repo_url', 'Repository URL the paths belong to; needed when several indexed repositories have one of the paths'),
    token_budget: positiveIntArg('token_budget', {
      default: DEFAULT_CONTEXT_BUDGET, max: MAX_CONTEXT_BUDGET, description: 'Tokens the content may take (cl100k)',
    }),
    format: choiceArg('format', CONTEXT_FORMATS, DEFAULT_FORMAT, FORMAT_DESCRIPTION),
  },
  outputSchema: CONTEXT_OUTPUT,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ files, repo_url, token_budget, format }, deps) {
    const sources = await contextSources(deps);
    const result = buildWithinLimit(
      (tokenBudget) => buildFilesContext(sources, { files, repoUrl: repo_url, tokenBudget, format, mode: 'files' }),
      token_budget, replyLimit(deps),
    );
    return { result, text: result.content };
  },
});
