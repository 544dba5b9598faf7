// The fuzz suite's inputs: per language, from a seeded generator, the kinds of file that
// hurt parsers (random bytes, truncations and mutations of real files, deep nesting, huge
// lines, invalid UTF-8, NUL bytes). Files arrive as bytes and are decoded the way the
// indexer decodes them (Buffer#toString('utf8'): invalid sequences become U+FFFD).
import * as fs from 'node:fs';
import * as path from 'node:path';

/** One extension per language of the table; bench/fuzz.mjs checks each maps to its language. */
export const FUZZ_LANGUAGES = {
  go: '.go', typescript: '.ts', tsx: '.tsx', javascript: '.js', python: '.py', proto: '.proto', sql: '.sql',
  terraform: '.tf', css: '.css', scss: '.scss', yaml: '.yaml', java: '.java', rust: '.rs', csharp: '.cs',
};

/** Openers that nest in each language's grammar, besides the brackets every language has. */
const NESTERS = {
  go: ['func() {', 'f(', 'a + ', '[]int{', 'if x {'], typescript: ['f(', 'a.b().', '() => ', 'a + ', '<T<'],
  tsx: ['<div>', 'f(', '{'], javascript: ['f(', 'function(){', '`${'], python: ['f(', 'def f():\n ', 'lambda: ', 'a + '],
  proto: ['message M {', 'option (a) = {', '('], sql: ['SELECT (', 'CASE WHEN (', '('], terraform: ['{', 'a + ', '[', 'f('],
  css: ['a {', '@media x {', 'calc('], scss: ['a {', '@if x {', '#{'], yaml: ['- ', 'a:\n  ', '[', '{'],
  java: ['class A {', 'f(', 'a + ', 'new int[]{'], rust: ['{', 'f(', 'a + ', 'mod m {'], csharp: ['{', 'f(', 'a + ', 'class A {'],
};

const GENERATORS = ['random bytes', 'truncation', 'mutation', 'deep nesting', 'huge line', 'invalid utf-8', 'nul bytes'];

/** Real files of each language under test/fixtures, the seeds truncations and mutations start from. */
export function realFiles(root) {
  const byExtension = new Map();
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else byExtension.set(path.extname(entry.name), [...(byExtension.get(path.extname(entry.name)) ?? []), fs.readFileSync(full)]);
    }
  };
  visit(root);
  return byExtension;
}

/** A generator of inputs for one language: `next()` gives { kind, bytes }. */
export function inputsFor(language, seeds, random) {
  const int = (n) => Math.floor(random() * n);
  const pick = (list) => list[int(list.length)];
  /** Mostly small sizes, now and then a large one: the large ones find what is quadratic. */
  const size = (small, large) => (random() < 0.05 ? small + int(large) : int(small));
  const seed = () => (seeds.length > 0 ? pick(seeds) : Buffer.from(pick(NESTERS[language])));
  const randomBytes = (n) => Buffer.from(Array.from({ length: n }, () => int(256)));
  const make = {
    'random bytes': () => randomBytes(size(2048, 200_000)),
    truncation: () => {
      const file = seed();
      return file.subarray(0, int(file.length + 1));
    },
    mutation: () => {
      let file = seed();
      for (let edits = 1 + int(8); edits > 0; edits--) {
        const at = int(file.length + 1);
        const span = int(64);
        const donor = seed();
        const from = int(donor.length + 1);
        file = Buffer.concat([file.subarray(0, at), donor.subarray(from, from + int(256)), file.subarray(Math.min(file.length, at + span))]);
      }
      return file;
    },
    'deep nesting': () => {
      const opener = pick([...NESTERS[language], '(', '[', '{']);
      const depth = size(2000, 60_000);
      const closer = random() < 0.5 ? '' : ')]}'.charAt(int(3)).repeat(depth);
      return Buffer.from(opener.repeat(depth) + closer);
    },
    'huge line': () => {
      const unit = pick([...NESTERS[language], 'x', 'a, ', '"', '// ', `${seed().toString('utf8').replace(/\n/g, ' ').slice(0, 200)}`]);
      const length = size(20_000, 1_000_000);
      return Buffer.from(unit.repeat(Math.max(1, Math.ceil(length / Math.max(1, unit.length)))).slice(0, length));
    },
    'invalid utf-8': () => {
      const file = Buffer.from(seed());
      const bad = [[0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80], [0x80]];
      for (let n = 1 + int(16); n > 0 && file.length > 0; n--) {
        const bytes = pick(bad);
        const at = int(file.length);
        for (let i = 0; i < bytes.length && at + i < file.length; i++) file[at + i] = bytes[i];
      }
      return file;
    },
    'nul bytes': () => {
      const file = Buffer.from(seed());
      for (let n = 1 + int(16); n > 0 && file.length > 0; n--) file[int(file.length)] = 0;
      return random() < 0.2 ? Buffer.concat([file, Buffer.alloc(int(5000))]) : file;
    },
  };
  return {
    next() {
      const kind = pick(GENERATORS);
      return { kind, bytes: make[kind]() };
    },
  };
}
