import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendResultRow } from '../../bench/lib/results.mjs';
import { makeTempDir } from '../helpers/tempDir';

const COLUMNS = ['date', 'corpus', 'MRR'];

function resultsFile(text: string): string {
  const file = path.join(makeTempDir('ckg-results-'), 'RESULTS.md');
  fs.writeFileSync(file, text);
  return file;
}

describe('bench/lib/results', () => {
  it('appends a row to the section table that has its columns, not to a table written into the section after it', () => {
    const file = resultsFile([
      '# Benchmark results', '', '## Context', '', 'Rows of the context bench.', '',
      '| date | corpus | MRR |', '|---|---|---|', '| 2026-11-26 | vue | 0.5 |', '',
      'A comparison written by hand:', '', '| ranking | vue |', '|---|---|', '| sum | 0.5 |', '',
      '## Next section', '',
    ].join('\n'));
    appendResultRow('Context', 'Rows of the context bench.', COLUMNS, ['2026-11-27', 'typeorm', 0.55], file);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    assert.equal(lines.indexOf('| 2026-11-27 | typeorm | 0.55 |'), lines.indexOf('| 2026-11-26 | vue | 0.5 |') + 1);
    assert.equal(lines.indexOf('| sum | 0.5 |'), lines.indexOf('| ranking | vue |') + 2, 'the hand-written table is left as it was');
  });

  it('widens an older table with fewer columns and keeps its rows', () => {
    const file = resultsFile(['## Context', '', '| date | corpus |', '|---|---|', '| 2026-11-26 | vue |', ''].join('\n'));
    appendResultRow('Context', '', COLUMNS, ['2026-11-27', 'typeorm', 0.55], file);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /\| date \| corpus \| MRR \|\n\|---\|---\|---\|\n\| 2026-11-26 \| vue \|\n\| 2026-11-27 \| typeorm \| 0\.55 \|/);
  });

  it('makes the section and its table when the file has neither', () => {
    const file = resultsFile('# Benchmark results\n');
    appendResultRow('Context', 'Rows of the context bench.', COLUMNS, ['2026-11-27', 'typeorm', 0.55], file);
    assert.match(fs.readFileSync(file, 'utf8'), /## Context\n\nRows of the context bench\.\n\n\| date \| corpus \| MRR \|\n\|---\|---\|---\|\n\| 2026-11-27 \| typeorm \| 0\.55 \|/);
  });
});
