// Appends rows to bench/RESULTS.md: one markdown table per section, created on first use.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from './engine.mjs';

export const RESULTS_PATH = path.join(PACKAGE_ROOT, 'bench/RESULTS.md');

const FILE_HEADER = `# Benchmark results

Rows are appended by \`npm run bench\` and \`npm run accuracy\`; bench/README.md explains
each figure and how to get the corpora. Each row names its machine (CPU model, cores, RAM,
Node version) and the exact command, so compare rows of the same machine only. Times are
wall-clock milliseconds; MiB = 2^20 bytes. Numbers are recorded as measured, never edited.
`;

function cell(value) {
  return String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Sections in the order the file lists them, whichever script runs first. */
const SECTION_ORDER = [
  'Indexing',
  'Call-edge accuracy (TypeScript compiler oracle)',
  'Call-edge accuracy by call form (TypeScript compiler oracle)',
  'Call-edge accuracy (Go type-checker oracle)',
  'Call-edge accuracy by call form (Go type-checker oracle)',
];

/**
 * Where a new section goes: before the first existing section that the order puts after
 * it, else right after the last existing section the order puts before it.
 */
function insertionPoint(lines, section) {
  if (!SECTION_ORDER.includes(section)) return lines.length;
  const index = SECTION_ORDER.indexOf(section);
  const headingOf = (s) => lines.findIndex((l) => l.trim() === `## ${s}`);
  const later = SECTION_ORDER.slice(index + 1).map(headingOf).filter((at) => at >= 0);
  if (later.length > 0) return Math.min(...later);
  const earlier = SECTION_ORDER.slice(0, index).map(headingOf).filter((at) => at >= 0);
  if (earlier.length === 0) return lines.length;
  const next = lines.findIndex((l, i) => i > Math.max(...earlier) && l.startsWith('## '));
  return next < 0 ? lines.length : next;
}

/**
 * A table whose columns are a strict prefix of the new ones takes the new header: older
 * rows keep their cells and show the added columns empty.
 */
function extendsHeader(existing, wanted) {
  return existing !== wanted && wanted.startsWith(existing.replace(/\s*$/, ''));
}

/** The markdown tables in lines [from, to): each one's header line and last row. */
function tablesBetween(lines, from, to) {
  const tables = [];
  for (let i = from; i < to; i++) {
    if (!lines[i].startsWith('|') || (i > from && lines[i - 1].startsWith('|'))) continue;
    let last = i;
    while (last + 1 < to && lines[last + 1].startsWith('|')) last++;
    tables.push({ header: i, lastRow: last });
  }
  return tables;
}

/**
 * Appends `row` (values in `columns` order) to the table under `## <section>` that has
 * those columns. A missing file gets the header; a missing section gets its `description`
 * and the table header.
 */
export function appendResultRow(section, description, columns, row, resultsPath = RESULTS_PATH) {
  const text = fs.existsSync(resultsPath) ? fs.readFileSync(resultsPath, 'utf8') : FILE_HEADER;
  const lines = text.replace(/\n*$/, '').split('\n');
  const rowLine = `| ${row.map(cell).join(' | ')} |`;
  const headerLines = [`| ${columns.map(cell).join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`];
  const heading = lines.findIndex((l) => l.trim() === `## ${section}`);
  if (heading < 0) {
    const at = insertionPoint(lines, section);
    const block = [`## ${section}`, '', ...description.split('\n'), '', ...headerLines, rowLine];
    if (at < lines.length) lines.splice(at, 0, ...block, '');
    else lines.push('', ...block);
  } else {
    const nextHeading = lines.findIndex((l, i) => i > heading && l.startsWith('## '));
    const end = nextHeading < 0 ? lines.length : nextHeading;
    const tables = tablesBetween(lines, heading + 1, end);
    // The section's own table has these columns (or fewer, older ones); a table written
    // into the section's prose (a comparison, by hand) is not it.
    const own = tables.find((t) => lines[t.header] === headerLines[0] || extendsHeader(lines[t.header], headerLines[0])) ?? tables[0];
    if (!own) {
      lines.splice(end, 0, ...headerLines, rowLine, '');
    } else {
      lines.splice(own.lastRow + 1, 0, rowLine);
      if (extendsHeader(lines[own.header], headerLines[0])) lines.splice(own.header, 2, ...headerLines);
    }
  }
  fs.writeFileSync(resultsPath, `${lines.join('\n')}\n`);
  return resultsPath;
}
