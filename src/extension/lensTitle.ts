import type { CodeLensInfo } from '../server/protocol';

/**
 * The callers CodeLens text: "2 callers · 5 call sites · 0 observed". Sites are counted
 * apart from callers because one caller may call the symbol many times, and each place is
 * one to check when the symbol changes.
 */
export function callersLensTitle(info: Pick<CodeLensInfo, 'callers' | 'callSites' | 'observed'>): string {
  return `${plural(info.callers, 'caller')} · ${plural(info.callSites, 'call site')} · ${info.observed} observed`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
