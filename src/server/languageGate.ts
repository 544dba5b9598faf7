import type { EnrichTarget } from '../enrich/enricher';
import type { LocationOracle } from '../enrich/oracle';
import type { GraphReader, SnapshotLog } from '../store';
import type { LanguageWithoutServer } from './protocol';
import { PROBE_POLICY, type ProbePolicy, type ProbeTally, judgeProbe } from './probeVerdict';
import { languageOfPath, probeSites } from './probeSites';
import { noServerLine, serverHint } from './serverHints';

type State = 'probing' | 'served' | 'none';

interface Language {
  state: State;
  tally: ProbeTally;
  /** Files waiting for the probe's verdict. */
  readonly held: Map<string, EnrichTarget>;
  /** Files never asked because the language has no server; asked again if a new probe finds one. */
  readonly skipped: Map<string, EnrichTarget>;
  timer?: NodeJS.Timeout;
  /** A probe request is out. */
  asking: boolean;
}

const keyOf = (target: EnrichTarget): string => `${target.repoHash}:${target.path}`;

/**
 * Lets files be enriched only in languages whose language server answered a probe (see
 * probeVerdict.ts). A language's first files wait for its probe; once it answers, they and
 * every later file go through. A language with no server is said once in the log (with
 * what to install), its files are never asked, and it is probed again only when something
 * may have changed (`reprobe`: the enrichment settings, or the editor's extensions).
 * Files of no known language go through unprobed.
 */
export class LanguageGate {
  private readonly languages = new Map<string, Language>();
  /** Languages found to have no server and not yet said. */
  private unannounced: string[] = [];
  private waiters: Array<() => void> = [];
  /** Bumped by reset(): a probe begun before it drops its answer. */
  private epoch = 0;

  constructor(
    private readonly store: () => GraphReader & SnapshotLog,
    private readonly oracle: LocationOracle,
    private readonly release: (targets: EnrichTarget[]) => void,
    private readonly log: (message: string) => void,
    private readonly policy: ProbePolicy = PROBE_POLICY,
  ) {}

  /** The targets that may be asked now; the others are held for a probe or left out for want of a server. */
  admit(targets: readonly EnrichTarget[]): EnrichTarget[] {
    const now: EnrichTarget[] = [];
    for (const target of targets) {
      const language = languageOfPath(target.path);
      if (!language) {
        now.push(target);
        continue;
      }
      let entry = this.languages.get(language);
      if (!entry) {
        entry = { state: 'probing', tally: { probes: 0, empty: 0 }, held: new Map(), skipped: new Map(), asking: false };
        this.languages.set(language, entry);
        this.startProbe(language, entry);
      }
      if (entry.state === 'served') now.push(target);
      else if (entry.state === 'probing') entry.held.set(keyOf(target), target);
      else entry.skipped.set(keyOf(target), target);
    }
    return now;
  }

  /** A probe is under way or waiting to be made again. */
  get probing(): boolean {
    return [...this.languages.values()].some((entry) => entry.state === 'probing');
  }

  /** Resolves when no language is being probed. */
  settled(): Promise<void> {
    if (!this.probing) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Languages concluded to have no language server, with their skipped files. */
  withoutServer(): LanguageWithoutServer[] {
    return [...this.languages].filter(([, entry]) => entry.state === 'none')
      .map(([language, entry]) => ({ language, files: entry.skipped.size, hint: serverHint(language) }))
      .sort((a, b) => a.language.localeCompare(b.language));
  }

  /** Something may have changed (settings, installed extensions): languages with no server are probed again. */
  reprobe(): void {
    for (const [language, entry] of this.languages) {
      if (entry.state !== 'none') continue;
      entry.state = 'probing';
      entry.tally = { probes: 0, empty: 0 };
      for (const [key, target] of entry.skipped) entry.held.set(key, target);
      entry.skipped.clear();
      this.startProbe(language, entry);
    }
  }

  /** Forgets every verdict and held file (enrichment turned off). */
  reset(): void {
    this.epoch++;
    for (const entry of this.languages.values()) if (entry.timer) clearTimeout(entry.timer);
    this.languages.clear();
    this.unannounced = [];
    this.wake();
  }

  private startProbe(language: string, entry: Language): void {
    const epoch = this.epoch;
    entry.asking = true;
    void this.probe(language, entry).catch((error: Error) => {
      this.log(`enrichment: probing the ${language} language server failed (${error.message}); its files are asked as they come`);
      return { kind: 'answers' as const };
    }).then((outcome) => {
      if (epoch !== this.epoch || this.languages.get(language) !== entry) return;
      entry.asking = false;
      if (outcome.kind === 'again') {
        entry.timer = setTimeout(() => {
          entry.timer = undefined;
          if (epoch === this.epoch && this.languages.get(language) === entry) this.startProbe(language, entry);
        }, outcome.delayMs);
        entry.timer.unref?.();
      } else if (outcome.kind === 'answers') {
        entry.state = 'served';
        const held = [...entry.held.values()];
        entry.held.clear();
        if (held.length > 0) this.release(held);
      } else {
        entry.state = 'none';
        for (const [key, target] of entry.held) entry.skipped.set(key, target);
        entry.held.clear();
        this.unannounced.push(language);
      }
      this.announce();
      this.wake();
    });
  }

  /** One probe: a definition query at a few declarations of the language. */
  private async probe(language: string, entry: Language): Promise<{ kind: 'answers' | 'none' } | { kind: 'again'; delayMs: number }> {
    const sites = await probeSites(this.store(), language, new Set(entry.held.keys()), this.policy.sites);
    // No declaration to ask about: nothing tells a server apart, so the files are asked as before.
    if (sites.length === 0) return { kind: 'answers' };
    const answers = await this.oracle.locations('definition', sites).catch(() => sites.map(() => null));
    const verdict = judgeProbe(entry.tally, answers, this.policy);
    entry.tally = verdict.tally;
    return verdict;
  }

  /**
   * Says the languages with no server in one line, once no other language is about to be
   * concluded the same way (a probe request out, or a second probe due after an empty
   * answer), so languages found together share it. A server still loading (no answer) does
   * not hold the line back.
   */
  private announce(): void {
    const pending = [...this.languages.values()].some((entry) => entry.asking || (entry.state === 'probing' && entry.tally.empty > 0));
    if (this.unannounced.length === 0 || pending) return;
    const languages = this.unannounced.filter((language) => this.languages.get(language)?.state === 'none').sort()
      .map((language) => ({ language, files: this.languages.get(language)!.skipped.size }));
    this.unannounced = [];
    if (languages.length > 0) this.log(noServerLine(languages));
  }

  private wake(): void {
    if (this.probing) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
