import { buildFilesContext } from '../../context/contextBuilder';
import { buildWithinLimit } from '../../context/contextReply';
import { CONTEXT_FORMATS, DEFAULT_FORMAT } from '../../context/formats';
import { choiceArg, optionalTextArg, pathListArg, positiveIntArg } from '../args';
import { defineTool } from '../tool';
import { CONTEXT_OUTPUT, FORMAT_DESCRIPTION, MAX_CONTEXT_BUDGET, contextSources, replyLimit } from './contextForTask';

/** SPEC §8 default budget of context_for_pr. */
export const DEFAULT_PR_BUDGET = 8_000;

/** SPEC 4.7 context_for_pr. */
export const tool = defineTool({
  name: 'context_for_pr',
  title: 'Context for a pull request',
  category: 'Context',
  description:
    'Relationship-aware context for a pull request: the symbols of the changed files seed a random walk with restart '
    + '(callers, callees and related types alike); symbols are ranked by graph proximity, runtime traffic and feedback, '
    + 'and the best per token fill token_budget (default 8000) with their relations and source lines. Unknown paths are '
    + 'an error naming them. '
    + 'Symbols runtime edges can name carry the SPEC 4.10.3 traffic report: observed (count, provenance, confidence '
    + 'band), confirmed zero traffic, or unknown (no data).',
  inputSchema: {
    files: pathListArg('files', 'Comma-separated file paths from the PR diff, relative to the repository root'),
    repo_url: optionalTextArg('repo_url', 'Repository URL the paths belong to; needed when several indexed repositories have one of the paths'),
    token_budget: positiveIntArg('token_budget', {
      default: DEFAULT_PR_BUDGET, max: MAX_CONTEXT_BUDGET, description: 'Tokens the content may take (cl100k)',
    }),
    format: choiceArg('format', CONTEXT_FORMATS, DEFAULT_FORMAT, FORMAT_DESCRIPTION),
  },
  outputSchema: CONTEXT_OUTPUT,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ files, repo_url, token_budget, format }, deps) {
    const sources = await contextSources(deps);
    const result = buildWithinLimit(
      (tokenBudget) => buildFilesContext(sources, { files, repoUrl: repo_url, tokenBudget, format, mode: 'pr' }),
      token_budget, replyLimit(deps),
    );
    return { result, text: result.content };
  },
});
