import * as vscode from 'vscode';
import { codeLensEditorLanguages } from '../model/languages';
import type { CodeLensInfo } from '../server/protocol';
import { GraphConfig } from './config';
import type { GraphClient } from './graphClient';
import { callersLensTitle } from './lensTitle';

/** The editor language ids that get caller CodeLenses, from the language table. */
export const CODE_LENS_LANGUAGES = codeLensEditorLanguages();

/** How long a lens request waits for the server before answering with what it has (the last counts, or none). */
const ANSWER_WITHIN_MS = 300;

interface CachedLenses {
  readonly generation: number;
  readonly lenses: CodeLensInfo[];
}

/**
 * "N callers · S call sites · M observed" above functions and methods, from the live graph;
 * a setting turns it off. VS Code waits, after a change event, about as long as the provider
 * took on average (up to a minute), so a provider that waited on a busy server made the
 * lenses lag the graph by 13 to 20 s. This one answers at once: the counts of this graph
 * generation when it has them, else within ANSWER_WITHIN_MS with the last ones, and fires a
 * change when the new ones arrive. A generation is one graph status (the status bar's signal).
 */
export class CallersCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private generation = 0;
  private readonly cache = new Map<string, CachedLenses>();
  private readonly loading = new Map<string, Promise<CodeLensInfo[]>>();
  /** Requests answered before their counts came: their arrival is announced. */
  private readonly answeredEarly = new Set<string>();

  constructor(private readonly client: GraphClient) {}

  /** The graph changed (or a setting did): lenses are asked again. */
  refresh(): void {
    this.generation++;
    this.changed.fire();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!GraphConfig.current().codeLensEnabled || document.uri.scheme !== 'file' || !this.client.running) return [];
    const file = document.uri.fsPath;
    const cached = this.cache.get(file);
    if (cached?.generation === this.generation) return cached.lenses.map(toLens);
    const fresh = this.load(file);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS)));
    const answer = await Promise.race([fresh, late]).finally(() => clearTimeout(timer));
    if (answer) return answer.map(toLens);
    this.answeredEarly.add(this.keyOf(file));
    return (cached?.lenses ?? []).map(toLens);
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** One request per file and generation; a late answer is cached and announced. */
  private load(file: string): Promise<CodeLensInfo[]> {
    const generation = this.generation;
    const key = this.keyOf(file);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.client.codeLenses(file).catch(() => this.cache.get(file)?.lenses ?? []);
      this.loading.set(key, pending);
      void pending.then((lenses) => {
        this.loading.delete(key);
        const announce = this.answeredEarly.delete(key);
        if (generation < (this.cache.get(file)?.generation ?? -1)) return;
        this.cache.set(file, { generation, lenses });
        if (announce && generation === this.generation) this.changed.fire();
      });
    }
    return pending;
  }

  private keyOf(file: string): string {
    return `${this.generation}\0${file}`;
  }
}

function toLens({ symbol, ...counts }: CodeLensInfo): vscode.CodeLens {
  return new vscode.CodeLens(
    new vscode.Range(symbol.line - 1, symbol.character, symbol.line - 1, symbol.character),
    { title: callersLensTitle(counts), command: 'codeKnowledgeGraph.showCallers', arguments: [{ nodeHash: symbol.nodeHash }] },
  );
}
