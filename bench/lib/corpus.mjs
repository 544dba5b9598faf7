// The corpus as the indexer sees it: the same listing, language filter and skip rules.
import * as fs from 'node:fs';
import * as path from 'node:path';

const COMMENT_MARKERS = { go: '//', typescript: '//', tsx: '//', javascript: '//', python: '#' };
const TEST_PATH = /(^|\/)(__tests__|tests?|testdata|fixtures?|__mocks__)\/|[._-](test|spec)\.[^/]+$|_test\.go$/;

function countLines(text) {
  if (text.length === 0) return 0;
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines : lines + 1;
}

/**
 * Lists and reads the files `RepoIndexer.index` would parse: listRepositoryFiles, then
 * languageForPath, then skipReason with DEFAULT_MAX_FILE_BYTES. Returns them with their
 * language and line count, plus the skip counts.
 */
export function loadCorpus(engine, root) {
  const { listRepositoryFiles, languageForPath, skipReason, DEFAULT_MAX_FILE_BYTES } = engine;
  const files = [];
  const skipped = {};
  for (const relative of listRepositoryFiles(root).sourcePaths) {
    const spec = languageForPath(relative);
    if (!spec) continue;
    let bytes;
    try {
      bytes = fs.readFileSync(path.join(root, relative));
    } catch {
      skipped.unreadable = (skipped.unreadable ?? 0) + 1;
      continue;
    }
    const reason = skipReason(bytes, DEFAULT_MAX_FILE_BYTES);
    if (reason) {
      skipped[reason] = (skipped[reason] ?? 0) + 1;
      continue;
    }
    const text = bytes.toString('utf8');
    files.push({ path: relative, language: spec.id, text, lines: countLines(text) });
  }
  return { files, skipped, lines: files.reduce((sum, f) => sum + f.lines, 0) };
}

/** Source lines per language id, largest first. */
export function linesByLanguage(files) {
  const totals = new Map();
  for (const f of files) totals.set(f.language, (totals.get(f.language) ?? 0) + f.lines);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * The file a single-file re-index touches: of the main language (most lines), not a test,
 * the median by line count. Deterministic for a given corpus commit.
 */
export function pickTouchFile(files) {
  const [mainLanguage] = linesByLanguage(files)[0] ?? [];
  const ofLanguage = files.filter((f) => f.language === mainLanguage);
  const candidates = ofLanguage.filter((f) => !TEST_PATH.test(f.path));
  const pool = (candidates.length > 0 ? candidates : ofLanguage).sort((a, b) => a.lines - b.lines || a.path.localeCompare(b.path));
  const file = pool[Math.floor(pool.length / 2)];
  return file && { path: file.path, language: file.language, lines: file.lines };
}

export function commentLine(language, counter) {
  return `${COMMENT_MARKERS[language] ?? '//'} ckg bench touch ${counter}\n`;
}

/**
 * A corpus file the bench edits: `edited(counter)` writes it with one more comment line
 * and returns the bytes written; `restore()` writes the original bytes back. They are
 * also written back on Ctrl-C or SIGTERM (then the process exits), so a run never leaves
 * the corpus changed.
 */
export function touchableFile(root, file, tool) {
  const absolute = path.join(root, file.path);
  const original = fs.readFileSync(absolute);
  const base = original.toString('utf8');
  const separator = base.length === 0 || base.endsWith('\n') ? '' : '\n';
  const writeBack = () => fs.writeFileSync(absolute, original);
  const onSignal = (signal) => {
    writeBack();
    process.stderr.write(`${tool}: interrupted by ${signal}; restored ${file.path}\n`);
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    edited(counter) {
      const bytes = Buffer.from(base + separator + commentLine(file.language, counter), 'utf8');
      fs.writeFileSync(absolute, bytes);
      return bytes;
    },
    restore() {
      writeBack();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

