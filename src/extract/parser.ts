import * as fs from 'node:fs';
import { Language, Parser, Query, type Tree } from 'web-tree-sitter';
import { Assets } from '../assets';
import { countSyntaxErrors } from './common';
import type { FileFacts } from './facts';
import { isGeneratedSource } from './generatedCode';
import { skippedFacts } from './manifests/collector';
import { type LanguageSpec, type TreeSitterLanguageSpec, languageForPath } from './registry';
import { chargeQueryCost } from './treeCost';
import { initTreeSitter } from './treeSitterRuntime';
import { BudgetExceeded, UNTIMED_WORK_BUDGET, type WorkBudget, WorkMeter } from './workBudget';

/** Work units one tree-sitter progress callback stands for: it is called about every 100 parser operations. */
const UNITS_PER_PARSE_TICK = 100;

interface LoadedLanguage {
  readonly parser: Parser;
  readonly query: Query;
}

/** Loads are chained: concurrent Language.load calls are reported unsafe. */
let loadChain: Promise<unknown> = Promise.resolve();
const loaded = new Map<string, Promise<LoadedLanguage>>();

function loadLanguage(spec: TreeSitterLanguageSpec): Promise<LoadedLanguage> {
  const key = `${spec.grammar}:${spec.folder}`;
  let entry = loaded.get(key);
  if (!entry) {
    entry = initTreeSitter().then(() => {
      const next = loadChain.then(async () => {
        const language = await Language.load(Assets.grammar(spec.grammar));
        const parser = new Parser();
        parser.setLanguage(language);
        const query = new Query(language, fs.readFileSync(Assets.queries(spec.folder), 'utf8'));
        return { parser, query };
      });
      loadChain = next.catch(() => undefined);
      return next;
    });
    loaded.set(key, entry);
  }
  return entry;
}

/**
 * Parses one file and runs its extractor within a work budget. Returns undefined for
 * paths no extractor handles, and facts with the budget's skip reason (no symbols) for a
 * file over budget. The default counts work only; an index run passes a timed budget.
 * The tree is freed before returning: wasm memory is not garbage collected.
 */
export async function extractFile(path: string, source: string, budget: WorkBudget = UNTIMED_WORK_BUDGET): Promise<FileFacts | undefined> {
  return (await extractFileMetered(path, source, budget))?.facts;
}

/** What one budgeted extraction gave, and the work units it spent (never over the budget). */
export interface MeteredFacts {
  readonly facts: FileFacts;
  readonly workUnits: number;
}

/** extractFile, with the work units spent: the fuzz suite checks the bound with them. */
export async function extractFileMetered(path: string, source: string, budget: WorkBudget = UNTIMED_WORK_BUDGET): Promise<MeteredFacts | undefined> {
  const spec = languageForPath(path);
  if (!spec) return undefined;
  const meter = new WorkMeter(budget);
  try {
    const extracted = spec.parser === 'text' ? extractText(spec, path, source, meter) : await extractTree(spec, path, source, meter);
    const facts: FileFacts = isGeneratedSource(source) ? { ...extracted, generated: true } : extracted;
    // The resolvers' work on a file is linear in its facts: counting them bounds it.
    meter.spend(factCount(facts), 'facts');
    return { facts, workUnits: meter.units };
  } catch (error) {
    if (error instanceof BudgetExceeded) return { facts: skippedFacts(path, spec.id, error.reason), workUnits: meter.units };
    throw error;
  }
}

function extractText(spec: LanguageSpec & { parser: 'text' }, path: string, source: string, meter: WorkMeter): FileFacts {
  // The tokenizers are linear in the text; what they cost past that the clock bounds.
  meter.spend(source.length, 'tokenize');
  const facts = spec.extractor.extract({ source, path, language: spec.id });
  meter.checkTime('extract');
  return facts;
}

async function extractTree(spec: TreeSitterLanguageSpec, path: string, source: string, meter: WorkMeter): Promise<FileFacts> {
  const { parser, query } = await loadLanguage(spec);
  const first = parseMetered(parser, source, path, meter);
  const { tree, text } = repaired(spec, parser, first, source, path, meter);
  try {
    chargeQueryCost(tree, meter);
    const facts = spec.extractor.extract({ tree, query, source: text, path, language: spec.id, work: meter });
    meter.checkTime('extract');
    return facts;
  } finally {
    tree.delete();
  }
}

function parseMetered(parser: Parser, source: string, path: string, meter: WorkMeter): Tree {
  const tree = parser.parse(source, null, { progressCallback: meter.progressCallback(UNITS_PER_PARSE_TICK, 'parse') });
  try {
    meter.throwIfCancelled();
  } catch (error) {
    // A cancelled parse would resume on the next call: start afresh.
    parser.reset();
    tree?.delete();
    throw error;
  }
  if (!tree) throw new Error(`extract/parser: tree-sitter returned no tree for ${path}`);
  return tree;
}

/**
 * The tree of the language's repaired text (registry.ts `repairSource`) when the first
 * tree has errors and the repaired one fewer; else the first. Both parses are charged.
 */
function repaired(spec: TreeSitterLanguageSpec, parser: Parser, first: Tree, source: string, path: string, meter: WorkMeter): { tree: Tree; text: string } {
  if (!spec.repairSource || !first.rootNode.hasError) return { tree: first, text: source };
  const text = spec.repairSource(source);
  if (text === undefined) return { tree: first, text: source };
  let second: Tree;
  try {
    second = parseMetered(parser, text, path, meter);
  } catch (error) {
    first.delete();
    throw error;
  }
  if (countSyntaxErrors(second.rootNode) < countSyntaxErrors(first.rootNode)) {
    first.delete();
    return { tree: second, text };
  }
  second.delete();
  return { tree: first, text: source };
}

function factCount(facts: FileFacts): number {
  return facts.symbols.length + facts.imports.length + facts.calls.length + facts.references.length + facts.routes.length + (facts.links?.length ?? 0);
}

/** Parse plus one query pass, with no interpretation: the floor the bench compares to. */
export async function parseAndQueryOnly(path: string, source: string): Promise<number> {
  const spec = languageForPath(path);
  if (!spec) return 0;
  if (spec.parser === 'text') return spec.extractor.parseOnly({ source, path, language: spec.id });
  const { parser, query } = await loadLanguage(spec);
  const tree = parser.parse(source);
  if (!tree) return 0;
  try {
    return query.captures(tree.rootNode).length;
  } finally {
    tree.delete();
  }
}

/**
 * Loads grammars and compiles queries ahead of need (a few hundred ms each), so the first
 * edit after a cold index, which parses in this thread, does not pay for it.
 */
export async function preloadLanguages(paths: Iterable<string>): Promise<void> {
  const specs = new Map<string, TreeSitterLanguageSpec>();
  for (const p of paths) {
    const spec = languageForPath(p);
    if (spec?.parser === 'tree-sitter') specs.set(`${spec.grammar}:${spec.folder}`, spec);
  }
  await Promise.all([...specs.values()].map(loadLanguage));
}
