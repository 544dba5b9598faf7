import type { GraphView } from '../graph/graphView';
import type { DocumentHeader, SymbolDraft } from './document';
import { coChangeEvidence } from './coChange';
import { ContextInputError } from './errors';
import { type ContextFormat, renderContext } from './formats';
import { type PackItem, packContext } from './packing';
import type { Evidence } from './evidence';
import { type FeedbackLookup, type RankOptions, type Ranking, rankSymbols } from './ranking';
import { withRecentChanges } from './recentChanges';
import { relationsOf } from './relations';
import { fileSeeds, parseFileList, resolveFiles, type Seeds, taskSeeds } from './seeds';
import { SourceReader } from './sourceReader';
import { symbolIndexOf } from './symbolIndex';
import { isAboutTests } from './testCode';
import type { TrafficLookup } from './traffic';

/**
 * The three context queries (SPEC 4.7): seeds -> random walk -> boosts -> token-budgeted
 * packing -> one format. Each mode tunes the walk: a task looks both ways from what its
 * words name; changed files (blast radius) lean towards their callers and weigh runtime
 * traffic most; a PR looks both ways (callers, callees, types) with traffic in between.
 * Beside the walk, a task weighs what its words match in names, files and bodies
 * (passages.ts), of two files matched alike the one its repository changed more lately
 * first (recentChanges.ts), and changed files weigh the files that changed with them in git history
 * (coChange.ts). The five best symbols of each changed file lead; the rest of the file
 * is ranked with what it reaches, so a large file cannot fill the budget with itself. A
 * task divides walk scores by sqrt(1 + callers), so a helper every test calls does not
 * top every task, weighs test code a tenth unless the task speaks of tests, and weighs
 * its walk at half and a symbol's own match at 4/3 of its file's (ranking.evidenceScore:
 * the walk starts at those matches, so it should not count them again).
 */
export const MODE_SETTINGS = {
  task: { runtimeWeight: 0.1, forward: 1, backward: 1, degreeExponent: 0.5, testWeight: 0.1, walkWeight: 0.5, symbolMatchWeight: 4 / 3 },
  files: { runtimeWeight: 0.5, forward: 0.5, backward: 1, liftedSeedsPerFile: 5 },
  pr: { runtimeWeight: 0.3, forward: 1, backward: 1, liftedSeedsPerFile: 5 },
} as const satisfies Record<string, RankOptions>;

/** How many name matches a task's ranking weighs (seeds take the best of them). */
const TASK_NAMES_WEIGHED = 100;

export interface ContextSources {
  readonly view: GraphView;
  /** Usefulness votes (feedback tool), when the store keeps them. */
  readonly feedback?: FeedbackLookup;
  /** Read symbols' lines and the repositories' git history from disk (default true). */
  readonly readSource?: boolean;
  /** The SPEC 4.10.3 traffic report of a symbol, when the store keeps runtime edges. */
  readonly traffic?: TrafficLookup;
}

export interface TaskContextRequest {
  readonly description: string;
  readonly tokenBudget: number;
  readonly format: ContextFormat;
}

export interface FilesContextRequest {
  /** Repo-relative paths, as a list or comma-separated. */
  readonly files: string | readonly string[];
  readonly repoUrl?: string;
  readonly tokenBudget: number;
  readonly format: ContextFormat;
  readonly mode: 'files' | 'pr';
}

export interface ContextResult {
  readonly content: string;
  /** countTokens(content), exactly. */
  readonly tokenCount: number;
  readonly symbolsIncluded: number;
  readonly symbolsAvailable: number;
}

export function buildTaskContext(sources: ContextSources, request: TaskContextRequest): ContextResult {
  if (request.description.trim().length === 0) throw new ContextInputError('task_description', 'expected a non-empty description');
  const index = symbolIndexOf(sources.view);
  const textHits = sources.readSource === false ? undefined : index.searchText(request.description, TASK_NAMES_WEIGHED);
  const evidence = textHits && withRecentChanges(index, textHits);
  return build(sources, taskSeeds(index, request.description, textHits), { ...request, mode: 'task', query: request.description, evidence });
}

export function buildFilesContext(sources: ContextSources, request: FilesContextRequest): ContextResult {
  const index = symbolIndexOf(sources.view);
  const paths = typeof request.files === 'string' ? parseFileList(request.files) : [...new Set(request.files)];
  if (paths.length === 0) throw new ContextInputError('files', 'expected at least one repo-relative path');
  const files = resolveFiles(index, paths, request.repoUrl);
  const history = sources.readSource === false ? undefined : coChangeEvidence(index, files);
  return build(sources, fileSeeds(index, files), { ...request, query: paths.join(', '), evidence: history });
}

interface BuildRequest {
  readonly mode: 'task' | 'files' | 'pr';
  readonly query: string;
  readonly tokenBudget: number;
  readonly format: ContextFormat;
  /** The task's matches in the code's text (task mode, when source is read). */
  readonly evidence?: Evidence;
}

function build(sources: ContextSources, seeds: Seeds, request: BuildRequest): ContextResult {
  if (!Number.isInteger(request.tokenBudget) || request.tokenBudget < 1) {
    throw new ContextInputError('token_budget', 'expected a positive integer');
  }
  const index = symbolIndexOf(sources.view);
  // A task about tests ranks tests as product code; any other task puts product code first.
  const settings = request.mode === 'task' && isAboutTests(request.query) ? { ...MODE_SETTINGS.task, testWeight: 1 } : MODE_SETTINGS[request.mode];
  const ranking = rankSymbols(index, seeds, { ...settings, feedback: sources.feedback, evidence: request.evidence });
  const header: DocumentHeader = {
    mode: request.mode,
    query: request.query,
    tokenBudget: request.tokenBudget,
    symbolsAvailable: ranking.available,
    topScore: ranking.symbols[0]?.score ?? 0,
  };
  const reader = sources.readSource === false ? undefined : new SourceReader(sources.view);
  const packed = packContext(header, candidates(sources, ranking, reader), (doc) => renderContext(doc, request.format), request.tokenBudget);
  return {
    content: packed.content,
    tokenCount: packed.tokenCount,
    symbolsIncluded: packed.document.symbolsIncluded,
    symbolsAvailable: ranking.available,
  };
}

/** Drafts in rank order, made only as the packer pulls them (source is read from disk). */
function* candidates(sources: ContextSources, ranking: Ranking, reader: SourceReader | undefined): Generator<PackItem> {
  const { view } = sources;
  const index = symbolIndexOf(view);
  for (const ranked of ranking.symbols) {
    const { node } = ranked;
    const { relations, more } = relationsOf(index, node, ranking.walkScore);
    const traffic = sources.traffic?.(node);
    const base = {
      hash: node.nodeHash,
      name: node.qualifiedName,
      repoUrl: view.repoUrlOf(node),
      kind: node.kind,
      file: view.pathOf(node),
      line: node.line,
      endLine: node.endLine,
      signature: node.signature,
      doc: node.doc,
      distance: ranked.distance,
      score: ranked.score,
      relations,
      more,
      ...(traffic ? { traffic } : {}),
    };
    const source = reader?.excerpt(node, Number.POSITIVE_INFINITY) ?? { state: 'omitted' as const };
    if (source.state === 'included') {
      const full: SymbolDraft = { ...base, sourceState: 'included', source: source.excerpt };
      const cut = reader!.excerpt(node);
      const excerpt: SymbolDraft | undefined = cut.state === 'included' && cut.excerpt.truncatedLines > 0
        ? { ...base, sourceState: 'included', source: cut.excerpt }
        : undefined;
      yield { full, ...(excerpt ? { excerpt } : {}), bare: { ...base, sourceState: 'omitted' } };
    } else {
      yield { full: { ...base, sourceState: source.state } };
    }
  }
}

