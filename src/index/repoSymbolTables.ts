import { FACTS_FORMAT_VERSION, type FileFacts } from '../extract/facts';
import { RETRIED_SKIP_REASONS } from '../extract/workBudget';
import type { Hash } from '../model';
import type { LanguageResolver } from '../resolve/languages/languageResolver';
import { SymbolTable } from '../resolve/symbolTable';
import type { FactsCache } from '../store';
import { decodeFacts, readFacts } from './factsCodec';
import type { RepoState } from './linkWriter';
import type { LiveFiles } from './liveFiles';
import type { SourceFile } from './sourceFiles';

/** From this many files to load, their facts are read in one pass over the repository's. */
const BULK_READ_FROM = 64;

/**
 * Each repository's symbol table, kept between runs of one indexer and built from the
 * stored facts when it has none yet.
 */
export class RepoSymbolTables {
  private readonly tables = new Map<Hash, SymbolTable>();

  constructor(
    private readonly store: FactsCache,
    private readonly resolverFor: (facts: Pick<FileFacts, 'language'>) => LanguageResolver,
  ) {}

  /**
   * The symbol table with every unchanged file in it: kept from an earlier run, else rebuilt
   * from the stored facts. Files whose facts an older extractor wrote are returned to be parsed.
   */
  async load<F extends Pick<SourceFile, 'path' | 'contentHash'>>(
    repo: RepoState, unchanged: readonly F[], live: LiveFiles,
  ): Promise<{ table: SymbolTable; stale: F[] }> {
    let table = this.tables.get(repo.repoHash);
    if (!table) this.tables.set(repo.repoHash, (table = new SymbolTable()));
    const stale: F[] = [];
    const missing = unchanged.filter((source) => {
      const known = table.factsOf(source.path);
      return !known || RETRIED_SKIP_REASONS.has(known.skipReason ?? '');
    });
    // Most of a repository: one read of every live file's facts, not one lookup per file.
    const stored = missing.length >= BULK_READ_FROM ? await this.store.liveFactsOfRepo(repo.repoHash, FACTS_FORMAT_VERSION) : undefined;
    for (const source of missing) {
      const fileHash = (await live.get(source.path))!.fileHash;
      const found = stored?.get(fileHash);
      const facts = found?.contentHash === source.contentHash
        ? decodeFacts(found.encoded)
        : await readFacts(this.store, fileHash, source.contentHash);
      if (facts) table.setFile(source.path, this.resolverFor(facts).packagePath(source.path, facts), facts);
      else stale.push(source);
    }
    return { table, stale };
  }

  /**
   * The repo's symbol table. An index run that found nothing changed returns before
   * loading it; a later save (`reindexFiles`) then loads it from the stored facts.
   */
  async of(repo: RepoState, live: LiveFiles): Promise<SymbolTable> {
    if (!this.tables.has(repo.repoHash)) await this.load(repo, [...(await live.all()).values()], live);
    return this.tables.get(repo.repoHash)!;
  }
}
