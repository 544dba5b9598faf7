import type { HierarchyCall } from '../server/protocol';
import { plural, symbolLabel } from './symbolLabel';

/** A call hierarchy row's detail: package, confidence, provenance, and the number of sites when more than one. */
export function hierarchyDetail(call: Pick<HierarchyCall, 'symbol' | 'confidence' | 'provenance' | 'sites'>): string {
  const { container } = symbolLabel(call.symbol.qualifiedName, call.symbol.kind);
  const parts = [container, `confidence ${call.confidence.toFixed(2)}`, call.provenance.join(', ') || 'unknown'];
  if (call.sites.length > 1) parts.push(plural(call.sites.length, 'call site'));
  return parts.filter((p) => p).join(' · ');
}
