// The task an evaluation asks for: a commit message cleaned of issue numbers and trailers,
// and the same message with every identifier-looking token stripped.

/** Trailer keys git and forges add below a message; never part of the task. */
const TRAILER = /^\s*(signed-off-by|co-authored-by|reviewed-by|acked-by|tested-by|reported-by|suggested-by|helped-by|cc|change-id|reviewed-on|pr-url|closes|fixes|refs|see-also)\s*:/i;
/** `#123`, `GH-123`, `(#123)`, `gh-123`: references, not words of the task. */
const ISSUE_REFERENCE = /(?:\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?|ref|refs|see|for)\s*:?\s+)?(?:\(\s*(?:[\w.-]+\/[\w.-]+)?#\d+\s*\)|(?:[\w.-]+\/[\w.-]+)?#\d+\b|\bgh-\d+\b)/gi;
const URL = /\bhttps?:\/\/\S+/gi;

/** The message without trailers, issue references and URLs, whitespace collapsed to single spaces. */
export function cleanMessage(message) {
  const lines = message.split('\n').filter((line) => !TRAILER.test(line));
  return lines.join('\n')
    .replace(URL, ' ')
    .replace(ISSUE_REFERENCE, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words with at least one letter: what "a message of at least 5 words" counts. */
export function wordCount(text) {
  return text.split(/\s+/).filter((token) => /\p{L}/u.test(token)).length;
}

const EDGE_PUNCTUATION = /^[\s"'“”‘’«»,;:!?()[\]{}<>*]+|[\s"'“”‘’«»,;:!?()[\]{}<>*.]+$/g;

/**
 * Whether a token (edge punctuation removed) looks like a name in code rather than a word:
 * camelCase or PascalCase with two humps, snake_case, a dot or slash inside, a call `f()`,
 * `::`, `=`, a backtick, digits mixed into letters, or one of `fileNames` (so kebab-case
 * only when it names a folder: `runtime-core` yes, `self-referencing` no).
 */
export function isIdentifierLike(token, fileNames = new Set()) {
  if (token.includes('`')) return true;
  const bare = token.replace(EDGE_PUNCTUATION, '');
  if (bare.length === 0) return false;
  if (/[a-z][A-Z]/.test(bare) || /[A-Z]{2,}[a-z]/.test(bare) || /^[A-Z][a-z]+[A-Z]/.test(bare)) return true;
  if (/\w_\w|^_|_$/.test(bare)) return true;
  if (/[./\\]/.test(bare) || bare.includes('::') || /\w\(/.test(token) || /[=<>$@]/.test(bare)) return true;
  if (/\p{L}\d|\d\p{L}/u.test(bare)) return true;
  return fileNames.has(bare.toLowerCase());
}

/**
 * The message with every identifier-looking token removed. A conventional-commit prefix
 * `fix(scope):` keeps its type word and loses the scope, which names a package or folder.
 */
export function stripNames(message, fileNames = new Set()) {
  const tokens = message.replace(/^(\w+)\(([^)]*)\)(!?):/, '$1 ($2)$3:').split(/\s+/).filter((t) => t.length > 0);
  const kept = [];
  for (const token of tokens) {
    const scope = /^\(([^)]*)\)!?:?$/.exec(token);
    if (scope) continue;
    if (!isIdentifierLike(token, fileNames)) kept.push(token);
  }
  return kept.join(' ');
}

/**
 * Names a message word may use for a file: basenames of the given paths, lower case, with
 * and without their extension (`scheduler` for scheduler.ts), and folder names that are
 * not plain words (`runtime-core`, `v1_api`; plain ones like `core` are words too often).
 */
export function fileNamesOf(paths) {
  const names = new Set();
  for (const p of paths) {
    const segments = p.toLowerCase().split('/');
    const base = segments.pop();
    names.add(base);
    const dot = base.lastIndexOf('.');
    if (dot > 0) names.add(base.slice(0, dot));
    for (const folder of segments) if (/[^a-z]/.test(folder)) names.add(folder);
  }
  return names;
}
