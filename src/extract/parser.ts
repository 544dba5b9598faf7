import * as fs from 'node:fs';
import { Language, Parser, Query } from 'web-tree-sitter';
import { Assets } from '../assets';
import type { FileFacts } from './facts';
import { type TreeSitterLanguageSpec, languageForPath } from './registry';

interface LoadedLanguage {
  readonly parser: Parser;
  readonly query: Query;
}

let runtimeReady: Promise<void> | undefined;
/** Loads are chained: concurrent Language.load calls are reported unsafe. */
let loadChain: Promise<unknown> = Promise.resolve();
const loaded = new Map<string, Promise<LoadedLanguage>>();

function initRuntime(): Promise<void> {
  runtimeReady ??= Parser.init();
  return runtimeReady;
}

function loadLanguage(spec: TreeSitterLanguageSpec): Promise<LoadedLanguage> {
  const key = `${spec.grammar}:${spec.folder}`;
  let entry = loaded.get(key);
  if (!entry) {
    entry = initRuntime().then(() => {
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
 * Parses one file and runs its extractor. Returns undefined for paths no extractor
 * handles. The tree is freed before returning: wasm memory is not garbage collected.
 */
export async function extractFile(path: string, source: string): Promise<FileFacts | undefined> {
  const spec = languageForPath(path);
  if (!spec) return undefined;
  if (spec.parser === 'text') return spec.extractor.extract({ source, path, language: spec.id });
  const { parser, query } = await loadLanguage(spec);
  const tree = parser.parse(source);
  if (!tree) throw new Error(`extract/parser: tree-sitter returned no tree for ${path}`);
  try {
    return spec.extractor.extract({ tree, query, source, path, language: spec.id });
  } finally {
    tree.delete();
  }
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
