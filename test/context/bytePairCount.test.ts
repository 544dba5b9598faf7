import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { bytePairCount } from '../../src/context/bytePairCount';
import { countTokens, LONG_PIECE } from '../../src/context/tokenizer';
import { exactTokenCount } from '../../src/context/tokenCount';

const ROOT = path.join(__dirname, '..', '..');
const encoder = new Tiktoken(cl100k);
/** The oracle: js-tiktoken's own encoder, whole text at once (special-token text as plain text). */
const oracle = (text: string): number => encoder.encode(text, [], []).length;
/** The oracle is quadratic in a piece's length: pieces compared with it stay below this. */
const ORACLE_PIECE = 1500;

/** A reproducible stream of numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function filesUnder(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, pattern, out);
    else if (pattern.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Real texts of this repository: sources, docs, fixtures and the lock file (base64 hashes make long pieces). */
function realTexts(): Array<{ name: string; text: string }> {
  const textFile = /\.(ts|mjs|js|scm|sql|md|txt|json|go|py|java|rb|cs)$/;
  const files = [...['src', 'test', 'bench', 'docs'].flatMap((dir) => filesUnder(path.join(ROOT, dir), textFile)), path.join(ROOT, 'package-lock.json')];
  return files.map((file) => ({ name: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));
}

describe('context/bytePairCount', () => {
  it('merges every long piece of real texts to the encoder\'s count', () => {
    const pieces = new Set<string>();
    const split = new RegExp(cl100k.pat_str, 'gu');
    for (const { text } of realTexts()) {
      for (const match of text.matchAll(split)) if (match[0].length > LONG_PIECE && match[0].length <= ORACLE_PIECE) pieces.add(match[0]);
    }
    assert.ok(pieces.size >= 10, `only ${pieces.size} long pieces found`);
    let checked = 0;
    for (const piece of pieces) {
      assert.equal(bytePairCount(piece), oracle(piece), JSON.stringify(piece.slice(0, 80)));
      if (++checked >= 400) break;
    }
  });

  it('merges awkward long pieces to the encoder\'s count: runs of one byte, base64, unicode', () => {
    const random = seeded(16);
    const bytes = Buffer.from(Array.from({ length: 900 }, () => Math.floor(random() * 256)));
    const samples = [
      'x'.repeat(1000), 'ab'.repeat(400), ' '.repeat(700), '-'.repeat(300), '='.repeat(129), '東京'.repeat(200), '🙂'.repeat(90),
      'é'.repeat(333), bytes.toString('base64').replace(/[^A-Za-z]/g, ''), 'Supercalifragilistic'.repeat(30),
      '\t'.repeat(65), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab',
    ];
    for (const piece of samples) assert.equal(bytePairCount(piece), oracle(piece), JSON.stringify(piece.slice(0, 40)));
  });
});

describe('context/tokenizer: the count of a whole text is the encoder\'s', () => {
  it('countTokens and exactTokenCount equal the encoder on random slices of real texts', () => {
    const random = seeded(42);
    const texts = realTexts().filter(({ text }) => !/<\|endoftext\|>/.test(text));
    // Every other slice starts just before a long piece: they are where chunked counts went wrong.
    const longAt = texts.flatMap(({ name, text }) => [...text.matchAll(new RegExp(cl100k.pat_str, 'gu'))]
      .filter((m) => m[0].length > LONG_PIECE).map((m) => ({ name, text, at: m.index })));
    let compared = 0;
    let withLongPieces = 0;
    for (let i = 0; i < 300; i++) {
      const near = i % 2 === 1 && longAt.length > 0 ? longAt[Math.floor(random() * longAt.length)] : undefined;
      const { name, text } = near ?? texts[Math.floor(random() * texts.length)];
      const start = near ? Math.max(0, near.at - Math.floor(random() * 2000)) : Math.floor(random() * text.length);
      const slice = text.slice(start, start + 1 + Math.floor(random() * 6000));
      if ([...slice.matchAll(new RegExp(cl100k.pat_str, 'gu'))].some((m) => m[0].length > ORACLE_PIECE)) continue;
      if ([...slice.matchAll(new RegExp(cl100k.pat_str, 'gu'))].some((m) => m[0].length > LONG_PIECE)) withLongPieces++;
      const expected = oracle(slice);
      assert.equal(countTokens(slice), expected, `${name} at ${start}`);
      assert.equal(exactTokenCount(slice), expected, `${name} at ${start} (memoised)`);
      compared++;
    }
    assert.ok(compared >= 250, `only ${compared} slices compared`);
    assert.ok(withLongPieces >= 50, 'too few slices had a piece over LONG_PIECE characters');
  });

  it('counts a whole lock file exactly, long base64 pieces and all', () => {
    const text = fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8').slice(0, 60_000);
    assert.equal(countTokens(text), oracle(text));
  });
});
