import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileFacts } from '../../src/extract/facts';
import { extractFile } from '../../src/extract/parser';
import { seededRandom } from '../../src/graph/seededRandom';
import { FIXTURE_REPOS } from './indexFixture';

export { seededRandom };

const NOISE = ['{', '}', '(', ')', '[', ']', '"', "'", '`', ':', ';', '\n', '\t', '  ', '-', '#', '/*', '*/', '//', '$', '{{', '}}', '&', '*', '!', '\u0000', '\uFFFD', 'é'];

/**
 * Inputs derived from well-formed samples: truncations at every kind of position, lines
 * dropped or repeated, random tokens spliced in, and pure noise.
 */
export function* mutations(samples: readonly string[], count: number, seed: number): Generator<string> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (let i = 0; i < count; i++) {
    const sample = pick(samples);
    const lines = sample.split('\n');
    switch (i % 5) {
      case 0:
        yield sample.slice(0, Math.floor(random() * (sample.length + 1)));
        break;
      case 1:
        yield lines.filter(() => random() > 0.2).join('\n');
        break;
      case 2: {
        const at = Math.floor(random() * lines.length);
        yield [...lines.slice(0, at), ...lines.slice(Math.max(0, at - 3), at + 1), ...lines.slice(at)].join('\n');
        break;
      }
      case 3: {
        let text = sample;
        for (let n = 0; n < 1 + Math.floor(random() * 6); n++) {
          const at = Math.floor(random() * (text.length + 1));
          text = text.slice(0, at) + pick(NOISE) + text.slice(at + Math.floor(random() * 3));
        }
        yield text;
        break;
      }
      default:
        yield Array.from({ length: Math.floor(random() * 200) }, () => pick(NOISE) + String.fromCharCode(32 + Math.floor(random() * 95))).join('');
    }
  }
}

/**
 * Feeds `count` mutated inputs to the extractor of `path`: each must return facts of
 * the right shape without throwing. A hang fails through the suite's timeout.
 */
export async function fuzzExtractor(path: string, samples: readonly string[], count = 2000, seed = 20261122): Promise<void> {
  let n = 0;
  for (const input of mutations(samples, count, seed)) {
    let facts: FileFacts | undefined;
    try {
      facts = await extractFile(path, input);
    } catch (error) {
      assert.fail(`input #${n} (seed ${seed}) threw ${(error as Error).stack}\n--- input ---\n${input}`);
    }
    assert.ok(facts, `input #${n}: no facts`);
    assert.equal(facts.path, path);
    assert.ok(Number.isInteger(facts.syntaxErrors) && facts.syntaxErrors >= 0, `input #${n}: syntaxErrors ${facts.syntaxErrors}`);
    for (const symbol of facts.symbols) assert.ok(symbol.line >= 1 && symbol.col >= 0, `input #${n}: bad position for ${symbol.name}`);
    n++;
  }
}

/** The non-empty sources with `extension` in the named fixture repos: well-formed fuzz samples. */
export function fixtureSources(repos: readonly string[], extension: string): string[] {
  const sources: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(extension)) sources.push(fs.readFileSync(full, 'utf8'));
    }
  };
  for (const repo of repos) walk(path.join(FIXTURE_REPOS, repo));
  return sources.filter((s) => s.length > 0);
}
