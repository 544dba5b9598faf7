import type { ContextDocument, ContextSymbol } from '../document';
import type { SymbolTraffic } from '../traffic';
import { categoryOf, location, nameFrom, signatureShown } from './shared';

/**
 * GCF, the compact line-oriented format (docs/formats.md). Symbols are grouped by graph
 * distance from the seeds and numbered with small local ids; edges between included
 * symbols are written once, as id pairs per edge type, instead of repeating names.
 * Names are relative to the first repository (`R0`); symbols of other repositories carry
 * their `R<n>` tag. The name is the last field of a symbol line, so it may hold spaces.
 */
export function renderGcf(doc: ContextDocument): string {
  const out = [`GCF1 ${doc.mode} budget=${doc.tokenBudget} symbols=${doc.symbolsIncluded}/${doc.symbolsAvailable}`, `q ${flat(doc.query)}`];
  doc.repos.forEach((url, i) => out.push(`R${i} ${url}`));
  const distances = [...new Set(doc.symbols.map((s) => s.distance))].sort((a, b) => a - b);
  for (const distance of distances) {
    out.push(`# distance ${distance}`);
    for (const symbol of doc.symbols) if (symbol.distance === distance) out.push(...symbolLines(doc, symbol));
  }
  const edges = edgeLines(doc);
  if (edges.length > 0) out.push('# edges', ...edges);
  return out.join('\n');
}

const MARKS = { callers: '<', callees: '>', types: ':' } as const;

function symbolLines(doc: ContextDocument, symbol: ContextSymbol): string[] {
  const repoUrl = doc.repos[symbol.repo];
  const repoTag = symbol.repo === 0 ? '' : `R${symbol.repo} `;
  const lines = [`${symbol.id} ${symbol.kind} ${symbol.relevance} ${location(symbol)} ${repoTag}${nameFrom(repoUrl, symbol.name)}`];
  if (symbol.doc) lines.push(` doc ${flat(symbol.doc)}`);
  if (signatureShown(symbol)) lines.push(` sig ${flat(symbol.signature)}`);
  // Relations to included symbols are in the edge list; only the others are named here.
  for (const category of ['callers', 'callees', 'types'] as const) {
    const names = symbol.relations
      .filter((r) => categoryOf(r) === category && 'name' in r.target)
      .map((r) => nameFrom(repoUrl, (r.target as { name: string }).name));
    const more = symbol.more[category];
    if (names.length > 0 || more > 0) lines.push(` ${MARKS[category]} ${[...names, ...(more > 0 ? [`+${more}`] : [])].join(', ')}`);
  }
  if (symbol.traffic) lines.push(` rt ${trafficLine(symbol.traffic)}`);
  if (symbol.source) {
    const text = symbol.source.text;
    const count = text.length === 0 ? 0 : text.split('\n').length;
    const cut = symbol.source.truncatedLines > 0 ? ` +${symbol.source.truncatedLines}` : '';
    lines.push(` src ${symbol.source.startLine} ${count}${cut}`);
    if (count > 0) lines.push(text);
  } else {
    lines.push(` src ${symbol.sourceState}`);
  }
  return lines;
}

/** `observed 523 2 high otel_trace`, `confirmed_zero <service>` or `unknown <service>` (SPEC 4.10.3). */
function trafficLine(traffic: SymbolTraffic): string {
  return traffic.status === 'observed'
    ? `observed ${traffic.observations} ${traffic.edges} ${traffic.confidence} ${traffic.provenance.join(',')}`
    : `${traffic.status} ${flat(traffic.service)}`;
}

/** `calls 0>1 0>2`: one line per edge type, pairs sorted, each edge once. */
function edgeLines(doc: ContextDocument): string[] {
  const byType = new Map<string, Set<string>>();
  for (const symbol of doc.symbols) {
    for (const relation of symbol.relations) {
      if (!('id' in relation.target)) continue;
      const [from, to] = relation.direction === 'out' ? [symbol.id, relation.target.id] : [relation.target.id, symbol.id];
      let pairs = byType.get(relation.edgeType);
      if (!pairs) byType.set(relation.edgeType, (pairs = new Set()));
      pairs.add(`${from}>${to}`);
    }
  }
  return [...byType.keys()].sort().map((type) => {
    const pairs = [...byType.get(type)!].sort((a, b) => {
      const [a1, a2] = a.split('>').map(Number);
      const [b1, b2] = b.split('>').map(Number);
      return a1 - b1 || a2 - b2;
    });
    return `${type} ${pairs.join(' ')}`;
  });
}

function flat(value: string): string {
  return value.replace(/\s*\n\s*/g, ' ');
}
