import * as path from 'node:path';
import { extensionEntry } from '../../model/languages';
import type { ContextDocument, ContextSymbol } from '../document';
import { RELATION_CATEGORIES } from '../relations';
import { trafficText } from '../traffic';
import { location, relationNames, signatureShown } from './shared';

const TITLES = { task: 'task', files: 'files', pr: 'pull request' } as const;

/** A readable document: one section per symbol, source in fenced blocks. */
export function renderMarkdown(doc: ContextDocument): string {
  const out = [
    `# Context for ${TITLES[doc.mode]}: ${inline(doc.query)}`,
    `${doc.symbolsIncluded} of ${doc.symbolsAvailable} symbols, budget ${doc.tokenBudget} tokens.`,
  ];
  for (const symbol of doc.symbols) out.push('', renderSymbol(doc, symbol));
  return out.join('\n');
}

function renderSymbol(doc: ContextDocument, symbol: ContextSymbol): string {
  const lines = [
    `## ${symbol.id}. ${inline(symbol.name)}`,
    `${symbol.kind} · ${inline(location(symbol))} · distance ${symbol.distance} · relevance ${symbol.relevance} · hash ${symbol.hash}`,
  ];
  if (signatureShown(symbol)) lines.push(`Signature: ${code(symbol.signature)}`);
  if (symbol.doc) lines.push('', symbol.doc);
  const relations: string[] = [];
  for (const category of RELATION_CATEGORIES) {
    const names = relationNames(doc, symbol, category);
    const more = symbol.more[category];
    if (names.length === 0 && more === 0) continue;
    relations.push(`- ${category}: ${[...names.map(code), ...(more > 0 ? [`and ${more} more`] : [])].join(', ')}`);
  }
  if (relations.length > 0) lines.push('', ...relations);
  if (symbol.traffic) lines.push('', `Traffic: ${trafficText(symbol.traffic)}.`);
  if (symbol.source) {
    const fence = '`'.repeat(Math.max(3, longestRun(symbol.source.text, '`') + 1));
    const cut = symbol.source.truncatedLines > 0 ? `\n(${symbol.source.truncatedLines} more lines)` : '';
    lines.push('', `${fence}${extensionEntry(path.extname(symbol.file))?.fence ?? ''}`, symbol.source.text, fence + cut);
  } else {
    lines.push('', `Source: ${symbol.sourceState}.`);
  }
  return lines.join('\n');
}

/** Inline code that survives backticks in the text. */
function code(value: string): string {
  const ticks = '`'.repeat(longestRun(value, '`') + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${value}${pad}${ticks}`;
}

/** Headings and single lines: no line breaks. */
function inline(value: string): string {
  return value.replace(/\s*\n\s*/g, ' ');
}

function longestRun(value: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of value) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
