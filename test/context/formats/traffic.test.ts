import * as assert from 'node:assert/strict';
import type { ContextDocument } from '../../../src/context/document';
import { renderContext } from '../../../src/context/formats';
import { decodeGcb } from '../../../src/context/formats/gcbDecoder';
import type { SymbolTraffic } from '../../../src/context/traffic';
import { sampleDocument } from './sampleDocument';

const OBSERVED: SymbolTraffic = { status: 'observed', observations: 523, edges: 2, provenance: ['otel_access_log', 'otel_trace'], confidence: 'high' };
const ZERO: SymbolTraffic = { status: 'confirmed_zero', service: 'shop' };
const UNKNOWN: SymbolTraffic = { status: 'unknown', service: 'billing' };

/** The sample with a SPEC 4.10.3 report on each of its three symbols. */
function withTraffic(): ContextDocument {
  const doc = sampleDocument();
  const reports = [OBSERVED, ZERO, UNKNOWN];
  return { ...doc, symbols: doc.symbols.map((s, i) => ({ ...s, traffic: reports[i] })) };
}

describe('context formats: the SPEC 4.10.3 traffic report', () => {
  it('writes count, provenance and band, confirmed zero traffic, and unknown in every text format', () => {
    const doc = withTraffic();
    const xml = renderContext(doc, 'xml');
    assert.match(xml, /<traffic status="observed" observations="523" edges="2" provenance="otel_access_log,otel_trace" confidence="high">523 observations on 2 runtime edges \(otel_access_log, otel_trace\), confidence high<\/traffic>/);
    assert.match(xml, /<traffic status="confirmed_zero" service="shop">confirmed zero traffic: shop has sent spans, none observed here<\/traffic>/);
    assert.match(xml, /<traffic status="unknown" service="billing">unknown \(no data\): billing has sent no spans<\/traffic>/);
    const markdown = renderContext(doc, 'markdown');
    assert.match(markdown, /\nTraffic: 523 observations on 2 runtime edges \(otel_access_log, otel_trace\), confidence high\.\n/);
    assert.match(markdown, /\nTraffic: confirmed zero traffic: shop has sent spans, none observed here\.\n/);
    const gcf = renderContext(doc, 'gcf');
    assert.match(gcf, /\n rt observed 523 2 high otel_access_log,otel_trace\n/);
    assert.match(gcf, /\n rt confirmed_zero shop\n/);
    assert.match(gcf, /\n rt unknown billing\n/);
    const json = JSON.parse(renderContext(doc, 'json')) as { symbols: Array<{ traffic?: SymbolTraffic }> };
    assert.deepEqual(json.symbols.map((s) => s.traffic), [OBSERVED, ZERO, UNKNOWN]);
  });

  it('round-trips through GCB, with and without a report', () => {
    const doc = withTraffic();
    assert.deepEqual(decodeGcb(renderContext(doc, 'gcb')), doc);
    const none = sampleDocument();
    assert.deepEqual(decodeGcb(renderContext(none, 'gcb')), none);
    assert.equal(renderContext(none, 'xml').includes('<traffic'), false, 'no report, no element');
  });
});
