import { z } from 'zod';
import { textArg } from '../args';
import { defineTool } from '../tool';
import { exactOutput } from '../wire';

/**
 * SPEC 4.9 plan_turn: suggests tools for a task by keyword rules. One rule per tool; a
 * rule scores the sum of the weights of its phrases found in the task (each counted
 * once); the best four are returned, ties in table order. Arguments are filled from the
 * task where it holds them (64-hex hashes, file paths, qualified names) and are fill-in
 * hints otherwise. With no rule matched, the answer is context_for_task with the task.
 * The table is documented in docs/mcp.md (generated from PLAN_RULES).
 */
export const PLAN_DEFAULTS = { maxSuggestions: 4 };

/** What the task text offers for arguments. */
export interface TaskFacts {
  readonly task: string;
  readonly hashes: readonly string[];
  readonly paths: readonly string[];
  readonly qualifiedNames: readonly string[];
}

export interface PlanRule {
  readonly tool: string;
  readonly reason: string;
  /** Phrases (lowercase; matched on word boundaries, `*` = any word ending) and their weights. */
  readonly phrases: Readonly<Record<string, number>>;
  /** A task this rule must rank first: the docs show it and a test checks it. */
  readonly example: string;
  args(facts: TaskFacts): Record<string, unknown>;
}

const NODE_HASH = '<64-hex node hash: find it with graph_query>';
const SNAPSHOT = (which: string) => `<64-hex ${which} snapshot hash: see the ckg://repos/<repo_hash>/snapshots resource>`;
const REPO_HASH = '<64-hex repo hash: see the ckg://repos resource>';
const FILES = '<comma-separated repo-relative paths, e.g. src/a.ts,src/b.ts>';
const QN = '<qualified name <repo_url>://<package>.<Symbol>: find it with graph_query>';

const hash = (f: TaskFacts, i: number, hint: string): string => f.hashes[i] ?? hint;
const files = (f: TaskFacts): string => (f.paths.length > 0 ? f.paths.join(',') : FILES);

export const PLAN_RULES: readonly PlanRule[] = [
  { tool: 'blast_radius', reason: 'what breaks if a symbol changes: transitive callers by repository',
    phrases: { 'blast radius': 3, 'what breaks': 3, 'break*': 1, 'impact of changing': 3, 'if i change': 2, 'safe to change': 2, 'affected by': 2, 'refactor*': 1 },
    example: 'what breaks if I change the checkout function?', args: (f) => ({ target_hash: hash(f, 0, NODE_HASH) }) },
  { tool: 'cross_repo_callers', reason: 'every transitive caller of a symbol, across repositories',
    phrases: { 'who calls': 3, 'caller*': 2, 'called from': 2, 'call site*': 2, 'usages': 2, 'used by': 2, 'cross-repo': 2, 'across repo*': 2 },
    example: 'who calls this function across repos?', args: (f) => ({ target_hash: hash(f, 0, NODE_HASH), max_depth: 5 }) },
  { tool: 'trace_dataflow', reason: 'everything a symbol calls, transitively',
    phrases: { 'data flow': 3, 'dataflow': 3, 'callee*': 2, 'downstream': 2, 'what does': 1, 'depends on': 1, 'flows to': 2 },
    example: 'trace the data flow downstream of the parser', args: (f) => ({ source_hash: hash(f, 0, NODE_HASH), max_depth: 5 }) },
  { tool: 'flow_between', reason: 'call paths from one symbol to another',
    phrases: { 'path from': 3, 'paths from': 3, 'how does': 1, 'reach*': 2, 'get from': 2, 'flow from': 3, 'connect*': 1, 'between': 1 },
    example: 'find the path from the HTTP handler to the database writer',
    args: (f) => ({ source_symbol: f.qualifiedNames[0] ?? QN, target_symbol: f.qualifiedNames[1] ?? QN, max_depth: 5 }) },
  { tool: 'graph_query', reason: 'find symbols and their node hashes by name (or part of one) or qualified-name prefix',
    phrases: { 'find symbol*': 3, 'look up': 2, 'lookup': 2, 'where is': 2, 'node hash*': 3, 'qualified name*': 2, 'list function*': 2, 'which symbol*': 2 },
    example: 'look up the node hash of OrderService',
    args: (f) => ({ prefix: f.qualifiedNames[0] ?? '<a symbol name or part of one (getCU, cart/service), or the start of a qualified name, e.g. github.com/acme/shop://src/cart.>' }) },
  { tool: 'repo_graph', reason: 'the files of a repository',
    phrases: { 'list files': 3, 'files in': 2, 'file list': 3, 'repo structure': 2, 'repository structure': 2, 'layout': 1 },
    example: 'list files in the repository', args: (f) => ({ repo_hash: hash(f, 0, REPO_HASH) }) },
  { tool: 'ownership', reason: 'which file declares which symbols',
    phrases: { 'ownership': 3, 'who owns': 3, 'owner*': 2, 'which file defines': 3, 'defined in': 1, 'symbols per file': 3 },
    example: 'show ownership: which file defines which symbols', args: (f) => ({ repo_hash: hash(f, 0, REPO_HASH) }) },
  { tool: 'stale_edges', reason: 'edges in the graph now that a snapshot does not have',
    phrases: { 'stale edge*': 4, 'stale': 1, 'outdated': 2, 'out of date': 2, 'since snapshot': 2, 'drift*': 2 },
    example: 'which edges are stale since the last snapshot?', args: (f) => ({ snapshot_hash: hash(f, 0, SNAPSHOT('older')) }) },
  { tool: 'snapshot_diff', reason: 'the raw structural diff of two snapshots',
    phrases: { 'snapshot diff': 4, 'raw diff': 3, 'diff': 1, 'between snapshots': 3, 'between commits': 2, 'structural': 1 },
    example: 'raw diff between snapshots',
    args: (f) => ({ old_snapshot: hash(f, 0, SNAPSHOT('old')), new_snapshot: hash(f, 1, SNAPSHOT('new')) }) },
  { tool: 'semantic_diff', reason: 'symbols added, removed and modified between two snapshots',
    phrases: { 'semantic diff': 4, 'what changed': 3, 'changes between': 2, 'modified': 2, 'signature change*': 2, 'changelog': 2 },
    example: 'what changed between the two releases?',
    args: (f) => ({ old_snapshot: hash(f, 0, SNAPSHOT('old')), new_snapshot: hash(f, 1, SNAPSHOT('new')) }) },
  { tool: 'pr_impact', reason: 'the blast radius and risk level of every symbol a change touches',
    phrases: { 'pr impact': 4, 'pull request': 2, 'merge request': 2, 'pr': 1, 'risk*': 2, 'impact': 1, 'before merging': 2 },
    example: 'assess the risk and impact of this pull request before merging',
    args: (f) => ({ old_snapshot: hash(f, 0, SNAPSHOT('base')), new_snapshot: hash(f, 1, SNAPSHOT('head')) }) },
  { tool: 'context_for_pr', reason: 'ranked context for reviewing a pull request\'s changed files',
    phrases: { 'review': 2, 'reviewing': 2, 'pr context': 4, 'changed files': 2, 'code review': 3, 'diff': 1 },
    example: 'help me review the changed files of this PR', args: (f) => ({ files: files(f), token_budget: 8000 }) },
  { tool: 'context_for_files', reason: 'ranked context around given files: their symbols, callers and related code',
    phrases: { 'this file': 2, 'these files': 3, 'context for': 2, 'around': 1, 'editing': 2, 'related code': 2 },
    example: 'give me context for these files I am editing', args: (f) => ({ files: files(f), token_budget: 50000 }) },
  { tool: 'context_for_task', reason: 'graph-ranked, token-budgeted context for a task in plain words',
    phrases: { 'implement*': 2, 'add a feature': 3, 'feature': 1, 'understand': 2, 'explain': 2, 'how does': 1, 'fix': 1, 'bug': 1 },
    example: 'implement rate limiting for the login endpoint', args: (f) => ({ task_description: f.task, token_budget: 50000 }) },
  { tool: 'test_scope', reason: 'the tests that exercise given files, as packages, names or a runner regex',
    phrases: { 'test*': 2, 'which tests': 4, 'test impact': 4, 'run tests': 3, 'affected tests': 4, 'regression': 1 },
    example: 'which tests should I run after changing these files?', args: (f) => ({ files: files(f), output: 'packages', depth: 3 }) },
  { tool: 'runtime_traffic', reason: 'runtime-observed calls into and out of a service',
    phrases: { 'traffic': 3, 'requests': 2, 'production': 2, 'runtime call*': 3, 'observed': 2, 'busiest': 2, 'rps': 2 },
    example: 'how much production traffic does the orders service get?',
    args: () => ({ service_name: '<service name as traces report it>', limit: 100 }) },
  { tool: 'dead_routes', reason: 'routes no trace has reached recently',
    phrases: { 'dead route*': 4, 'dead endpoint*': 4, 'unused route*': 4, 'unused endpoint*': 4, 'no traffic': 3, 'dead code': 2 },
    example: 'find dead routes nobody calls any more', args: () => ({ stale_days: 30 }) },
  { tool: 'trace_stats', reason: 'counts of runtime edges by state and type',
    phrases: { 'trace stat*': 4, 'runtime stat*': 3, 'telemetry': 2, 'trace*': 1, 'ingestion': 2, 'span*': 1 },
    example: 'show trace stats for runtime edges', args: () => ({}) },
  { tool: 'communities', reason: 'clusters of closely connected code (Louvain): the architecture',
    phrases: { 'communit*': 4, 'cluster*': 3, 'architecture': 3, 'subsystem*': 3, 'module*': 1, 'component*': 1, 'overview': 1 },
    example: 'give me an architecture overview by clusters', args: () => ({ action: 'list' }) },
  { tool: 'feedback', reason: 'record or read whether a symbol was useful context',
    phrases: { 'feedback': 4, 'useful': 2, 'not useful': 3, 'helpful': 2, 'irrelevant': 2, 'rate': 1 },
    example: 'record feedback that this symbol was not useful',
    args: (f) => ({ action: 'record', symbol_hash: hash(f, 0, NODE_HASH), session_id: '<your session id>', useful: '<true or false>' }) },
  { tool: 'index_repo', reason: 'index (or re-index) a repository so the graph is current',
    phrases: { 'index': 2, 'reindex': 3, 're-index': 3, 'indexing': 2, 'ingest': 2, 'add repo*': 3, 'refresh the graph': 3 },
    example: 'index the repository at ./services/orders',
    args: (f) => ({ repo_url: '<repository URL, e.g. github.com/acme/shop>', repo_path: f.paths[0] ?? '<local path of the repository>' }) },
  { tool: 'plan_turn', reason: 'plan which tools to call for a task',
    phrases: { 'which tool*': 4, 'what tool*': 4, 'plan': 2, 'where do i start': 3, 'where to start': 3 },
    example: 'which tool should I use first? where do I start', args: (f) => ({ task: f.task }) },
];

const HASHES = /\b[0-9a-f]{64}\b/g;
const QUALIFIED_NAMES = /[\w.\-/]+:\/\/[\w./\-$]+/g;
const PATHS = /(?:^|[\s,'"`(])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[a-z][a-z0-9]{0,5})(?=$|[\s,'"`):;?!])/gi;

/** Hashes, qualified names and file paths mentioned in a task, in order of appearance. */
export function taskFacts(task: string): TaskFacts {
  const qualifiedNames = [...new Set(task.match(QUALIFIED_NAMES) ?? [])];
  const withoutNames = qualifiedNames.reduce((text, name) => text.split(name).join(' '), task);
  const paths = [...new Set([...withoutNames.matchAll(PATHS)].map((m) => m[1].replace(/^\.\//, '')))]
    .filter((p) => /[a-z]/i.test(p.split('.').pop() ?? '') && !/^\d+(\.\d+)+$/.test(p));
  return { task, hashes: [...new Set(task.match(HASHES) ?? [])], paths, qualifiedNames };
}

const phraseMatchers = new Map<string, RegExp>();

function matcher(phrase: string): RegExp {
  let re = phraseMatchers.get(phrase);
  if (!re) {
    const body = phrase.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*$/, '[\\w-]*').replace(/ /g, '\\s+');
    re = new RegExp(`(?:^|[^\\w-])${body}(?![\\w-])`, 'i');
    phraseMatchers.set(phrase, re);
  }
  return re;
}

export interface Suggestion {
  readonly tool: string;
  readonly reason: string;
  readonly args: Record<string, unknown>;
}

/** The ranked suggestions for a task (at most PLAN_DEFAULTS.maxSuggestions). */
export function planTurn(task: string): Suggestion[] {
  const facts = taskFacts(task);
  const scored = PLAN_RULES
    .map((rule, order) => {
      const matched = Object.keys(rule.phrases).filter((p) => matcher(p).test(task));
      return { rule, order, matched, score: matched.reduce((sum, p) => sum + rule.phrases[p], 0) };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, PLAN_DEFAULTS.maxSuggestions);
  if (scored.length === 0) {
    const fallback = PLAN_RULES.find((r) => r.tool === 'context_for_task')!;
    return [{ tool: fallback.tool, reason: `no keyword matched; ${fallback.reason}`, args: fallback.args(facts) }];
  }
  return scored.map(({ rule, matched }) => ({
    tool: rule.tool,
    reason: `${rule.reason} (matched: ${matched.map((m) => `"${m}"`).join(', ')})`,
    args: rule.args(facts),
  }));
}

export const tool = defineTool({
  name: 'plan_turn',
  title: 'Suggest tools for a task',
  category: 'Discovery',
  description:
    'Suggests up to 4 tools for a task, ranked by keyword rules, each with arguments taken from the task '
    + '(hashes, file paths, qualified names) or fill-in hints in angle brackets. Falls back to context_for_task.',
  inputSchema: {
    task: textArg('task', 'The task in plain words; mention hashes, file paths or qualified names to have them filled in'),
  },
  outputSchema: exactOutput({
    suggestions: z.array(z.object({ tool: z.string(), reason: z.string(), args: z.record(z.string(), z.unknown()) })),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ task }) {
    return { result: { suggestions: planTurn(task) } };
  },
});
