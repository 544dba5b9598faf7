import type { CodeLensInfo } from '../server/protocol';
import { plural } from './symbolLabel';

/**
 * The callers CodeLens text: "2 callers · 5 call sites · 3 observed". Sites are counted
 * apart from callers because one caller may call the symbol many times, and each place is
 * one to check when the symbol changes. "observed" is left off while the graph holds no
 * runtime data at all: "0 observed" would then say nothing about the symbol.
 */
export function callersLensTitle(info: Pick<CodeLensInfo, 'callers' | 'callSites' | 'observed' | 'runtimeData'>): string {
  const counts = `${plural(info.callers, 'caller')} · ${plural(info.callSites, 'call site')}`;
  return info.runtimeData === false ? counts : `${counts} · ${info.observed} observed`;
}
