import { z } from 'zod';
import { hashArg, optionalBooleanArg, optionalTextArg, requiredChoiceArg } from '../args';
import { ToolError, defineTool } from '../tool';
import { integer, objectOutput } from '../wire';

/** SPEC §7 leaves the text open; it follows the SPEC's runtime message (DESIGN §5). */
export const FEEDBACK_UNAVAILABLE = 'feedback not available: store does not support feedback methods';

const ACTIONS = ['record', 'query'] as const;

/** SPEC 4.8 feedback: votes that boost (or sink) a symbol in the context tools' ranking. */
export const tool = defineTool({
  name: 'feedback',
  title: 'Symbol usefulness feedback',
  category: 'Feedback',
  description:
    'Records whether a symbol given as context was useful (action=record, with session_id and useful), or reads its '
    + 'counts (action=query). One vote per symbol per session: voting again replaces the session\'s vote. The context '
    + 'tools multiply a symbol\'s rank by 2(useful+1)/(useful+not_useful+2). usefulness_ratio is useful/(useful+not_useful), '
    + '0 without votes.',
  inputSchema: {
    action: requiredChoiceArg('action', ACTIONS, 'record a vote, or query the counts'),
    symbol_hash: hashArg('symbol_hash', 'Node hash of the symbol (64 lowercase hex characters), e.g. from a context block'),
    session_id: optionalTextArg('session_id', 'Identifies the agent session voting; required when action is record'),
    useful: optionalBooleanArg('useful', 'Whether the symbol helped; required when action is record'),
  },
  outputSchema: objectOutput({
    status: z.string().optional(), symbol_hash: z.string().optional(), useful_count: integer.optional(),
    not_useful_count: integer.optional(), usefulness_ratio: z.number().optional(),
  }),
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ action, symbol_hash, session_id, useful }, deps) {
    const store = deps.store();
    if (!store.capabilities.feedback) throw new ToolError(FEEDBACK_UNAVAILABLE);
    if (!(await store.node(symbol_hash))) {
      throw new ToolError(`symbol_hash: no live symbol with hash ${symbol_hash} (graph_query and the context tools give hashes)`);
    }
    if (action === 'record') {
      if (session_id === undefined || session_id.trim() === '') {
        throw new ToolError('session_id: required when action is record (a non-empty string naming the session)');
      }
      if (useful === undefined) throw new ToolError('useful: required when action is record (true or false)');
      await store.recordFeedback(symbol_hash, session_id, useful, deps.now());
      // Votes must outlive the process; the graph file is saved atomically (a no-op in memory).
      await deps.persist();
      return { result: { status: 'recorded' } };
    }
    const counts = (await store.feedbackCounts([symbol_hash])).get(symbol_hash) ?? { useful: 0, notUseful: 0 };
    const total = counts.useful + counts.notUseful;
    return {
      result: {
        symbol_hash,
        useful_count: counts.useful,
        not_useful_count: counts.notUseful,
        usefulness_ratio: total === 0 ? 0 : counts.useful / total,
      },
    };
  },
});
