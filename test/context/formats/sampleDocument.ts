import type { ContextDocument } from '../../../src/context/document';
import { Identity } from '../../../src/model';

const A = 'example.com/shop';
const B = 'example.com/billing';

/**
 * A document with the awkward cases every format must carry: two repositories, markup and
 * quotes in names and docs, `]]>` and backticks in source, relations by id and by name,
 * cut source, a stale file, and several distances.
 */
export function sampleDocument(): ContextDocument {
  return {
    mode: 'pr',
    query: 'src/cart.ts, src/price.ts',
    tokenBudget: 8000,
    symbolsIncluded: 3,
    symbolsAvailable: 42,
    repos: [B, A],
    symbols: [
      {
        id: 0, name: `${A}://src/cart.Cart.total`, hash: Identity.node(A, `${A}://src/cart.Cart.total`, 'method'), repo: 1,
        kind: 'method', file: 'src/cart.ts', line: 12, endLine: 20, signature: 'total(): Money',
        doc: 'Sums the <items> & "extras".', distance: 0, relevance: 1000,
        relations: [
          { edgeType: 'calls', direction: 'out', target: { id: 1 } },
          { edgeType: 'calls', direction: 'in', target: { name: `${A}://src/checkout.pay` } },
          { edgeType: 'runtime_calls', direction: 'out', target: { name: `${B}://api.Charge` } },
          { edgeType: 'references', direction: 'out', target: { name: `${A}://src/money.Money` } },
        ],
        more: { callers: 3, callees: 0, types: 0 },
        sourceState: 'included',
        source: { startLine: 12, text: 'total(): Money {\n  const s = `a ``` b`; // ]]> here\n  return sum(this.items);', truncatedLines: 5 },
      },
      {
        id: 1, name: `${A}://src/price.sum`, hash: Identity.node(A, `${A}://src/price.sum`, 'function'), repo: 1,
        kind: 'function', file: 'src/price.ts', line: 3, endLine: 3, signature: 'function sum(xs: Money[]): Money', doc: '',
        distance: 1, relevance: 412,
        relations: [{ edgeType: 'calls', direction: 'in', target: { id: 0 } }],
        more: { callers: 0, callees: 0, types: 0 },
        sourceState: 'stale',
      },
      {
        id: 2, name: `${B}://api.Refund`, hash: Identity.node(B, `${B}://api.Refund`, 'function'), repo: 0,
        kind: 'function', file: 'api/refund.go', line: 7, endLine: 9, signature: 'func Refund(id string) error', doc: 'Refund gives money back.',
        distance: 2, relevance: 7,
        relations: [{ edgeType: 'implements', direction: 'out', target: { name: `${B}://api.Refunder` } }],
        more: { callers: 0, callees: 0, types: 0 },
        sourceState: 'included',
        source: { startLine: 7, text: 'func Refund(id string) error {\n\treturn nil\n}', truncatedLines: 0 },
      },
    ],
  };
}
