import type { ContextDocument, ContextSymbol } from '../document';
import { RELATION_CATEGORIES } from '../relations';
import { type SymbolTraffic, trafficText } from '../traffic';
import { location, relationNames, signatureShown } from './shared';

/**
 * The default format: one <symbol> element per symbol, in rank order. Names are full
 * qualified names (what graph tools take); relation names are relative to the symbol's
 * repository. Source goes in CDATA, so code needs no entity escaping.
 */
export function renderXml(doc: ContextDocument): string {
  const out: string[] = [
    `<context mode="${doc.mode}" query="${attr(doc.query)}" token_budget="${doc.tokenBudget}"`
      + ` symbols_included="${doc.symbolsIncluded}" symbols_available="${doc.symbolsAvailable}">`,
  ];
  for (const symbol of doc.symbols) out.push(renderSymbol(doc, symbol));
  out.push('</context>');
  return out.join('\n');
}

function renderSymbol(doc: ContextDocument, symbol: ContextSymbol): string {
  const lines = [
    `<symbol id="${symbol.id}" name="${attr(symbol.name)}" kind="${symbol.kind}" location="${attr(location(symbol))}"`
      + ` distance="${symbol.distance}" relevance="${symbol.relevance}" hash="${symbol.hash}">`,
  ];
  if (signatureShown(symbol)) lines.push(`<signature>${text(symbol.signature)}</signature>`);
  if (symbol.doc) lines.push(`<doc>${text(symbol.doc)}</doc>`);
  for (const category of RELATION_CATEGORIES) {
    const names = relationNames(doc, symbol, category);
    const more = symbol.more[category];
    if (names.length === 0 && more === 0) continue;
    lines.push(`<${category}${more > 0 ? ` more="${more}"` : ''}>${text(names.join(', '))}</${category}>`);
  }
  if (symbol.traffic) lines.push(renderTraffic(symbol.traffic));
  if (symbol.source) {
    const cut = symbol.source.truncatedLines > 0 ? ` truncated_lines="${symbol.source.truncatedLines}"` : '';
    lines.push(`<source start="${symbol.source.startLine}"${cut}><![CDATA[${cdata(symbol.source.text)}]]></source>`);
  } else {
    lines.push(`<source state="${symbol.sourceState}"/>`);
  }
  lines.push('</symbol>');
  return lines.join('\n');
}

/** SPEC 4.10.3: the figures as attributes, the report in words as text. */
function renderTraffic(traffic: SymbolTraffic): string {
  const figures = traffic.status === 'observed'
    ? ` observations="${traffic.observations}" edges="${traffic.edges}" provenance="${attr(traffic.provenance.join(','))}" confidence="${traffic.confidence}"`
    : ` service="${attr(traffic.service)}"`;
  return `<traffic status="${traffic.status}"${figures}>${text(trafficText(traffic))}</traffic>`;
}

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/** `]]>` cannot appear inside CDATA: split it across two sections. */
function cdata(value: string): string {
  return value.replace(/]]>/g, ']]]]><![CDATA[>');
}
