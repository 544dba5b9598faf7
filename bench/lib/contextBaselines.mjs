// The lexical baselines on a parent tree: whole-file BM25 and `git grep` of the message's words.
import { execFileSync } from 'node:child_process';
import { STOP_WORDS, rankBm25, termCounts } from './contextBm25.mjs';

function git(root, args, input) {
  return execFileSync('git', ['-C', root, ...args], { input, maxBuffer: 1024 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Blob hashes of a commit's files, by path. */
export function treeBlobs(root, commit) {
  const blobs = new Map();
  for (const entry of git(root, ['ls-tree', '-r', '-z', commit]).toString().split('\0')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (match) blobs.set(match[2], match[1]);
  }
  return blobs;
}

/** Reads blobs through one `git cat-file --batch`; returns their text by hash. */
function readBlobs(root, hashes) {
  const texts = new Map();
  if (hashes.length === 0) return texts;
  const out = git(root, ['cat-file', '--batch'], `${hashes.join('\n')}\n`);
  let at = 0;
  while (at < out.length) {
    const headerEnd = out.indexOf(0x0a, at);
    const [hash, type, size] = out.subarray(at, headerEnd).toString().split(' ');
    if (type === 'missing') { at = headerEnd + 1; continue; }
    const start = headerEnd + 1;
    texts.set(hash, out.subarray(start, start + Number(size)).toString('utf8'));
    at = start + Number(size) + 1;
  }
  return texts;
}

/**
 * BM25 documents of a parent tree, one per source file (its path and text), kept across
 * commits by blob and path so that each commit reads and counts only the files it changed.
 */
export class TreeDocuments {
  #byKey = new Map();

  /** The documents of `paths` at `commit`. */
  documentsAt(root, commit, paths) {
    const blobs = treeBlobs(root, commit);
    const keyOf = (path) => `${blobs.get(path)}:${path}`;
    const present = paths.filter((p) => blobs.has(p));
    const missing = [...new Set(present.filter((p) => !this.#byKey.has(keyOf(p))).map((p) => blobs.get(p)))];
    const texts = readBlobs(root, missing);
    const documents = [];
    for (const path of present) {
      const key = keyOf(path);
      let document = this.#byKey.get(key);
      if (!document) {
        document = { id: path, ...termCounts(`${path}\n${texts.get(blobs.get(path)) ?? ''}`) };
        this.#byKey.set(key, document);
      }
      documents.push(document);
    }
    return documents;
  }
}

/** Files of `documents` ranked by BM25 for `task`. */
export function bm25Files(documents, task) {
  return rankBm25(documents, task).map((r) => r.id);
}

/** The words `git grep` looks for: distinct message words of three letters or more, edge punctuation off, no stop words. */
export function grepWords(task) {
  const words = new Set();
  for (const token of task.split(/\s+/)) {
    const word = token.replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '').toLowerCase();
    if (word.length >= 3 && /\p{L}/u.test(word) && !STOP_WORDS.has(word)) words.add(word);
  }
  return [...words];
}

/** Files ranked by how many distinct words hit them (`git grep -o` lines `commit:path:word`), ties by path. */
export function rankGrepOutput(output, commit, allowed) {
  const hits = new Map();
  for (const line of output.split('\n')) {
    if (!line.startsWith(`${commit}:`)) continue;
    const rest = line.slice(commit.length + 1);
    const cut = rest.lastIndexOf(':');
    const path = rest.slice(0, cut);
    if (!allowed.has(path)) continue;
    const words = hits.get(path) ?? new Set();
    words.add(rest.slice(cut + 1).toLowerCase());
    hits.set(path, words);
  }
  return [...hits].sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([path]) => path);
}

/** `git grep` of the task's words (whole words, any case) in the parent tree, over `allowed` files. */
export function grepFiles(root, commit, task, allowed) {
  const words = grepWords(task);
  if (words.length === 0) return [];
  let output = '';
  try {
    output = git(root, ['grep', '-I', '-i', '-w', '-F', '-o', '--no-color', ...words.flatMap((w) => ['-e', w]), commit]).toString();
  } catch (error) {
    // 1: nothing matched. Above 1 with output: a blob the clone lacks (a large data file
    // left out of a partial copy), never a source file; the rest of the tree was searched.
    if (error.status === 1) output = '';
    else if (error.stdout?.length > 0) output = error.stdout.toString();
    else throw error;
  }
  return rankGrepOutput(output, commit, allowed);
}

/**
 * Files that changed together with `path` in the history before `commit` (its newest
 * `window` commits touching the path, merges left out), over `allowed` files: ranked by
 * how many of those commits changed them, ties by path. The history baseline for
 * context_for_files and context_for_pr, which are given one changed file.
 */
export function coChangeFiles(root, commit, path, allowed, window = 500) {
  const log = git(root, ['log', '--no-merges', '--no-renames', '--full-diff', '--name-only', '--format=%x1e', `-n${window}`, commit, '--', path]).toString();
  return rankCoChanges(log, path, allowed);
}

/** Ranks the files of `git log --name-only --format=%x1e` records by how many records name them, `path` and unknown files left out. */
export function rankCoChanges(log, path, allowed) {
  const counts = new Map();
  for (const record of log.split('\x1e').slice(1)) {
    for (const file of new Set(record.split('\n').map((l) => l.trim()).filter((l) => l.length > 0))) {
      if (file !== path && allowed.has(file)) counts.set(file, (counts.get(file) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([file]) => file);
}
