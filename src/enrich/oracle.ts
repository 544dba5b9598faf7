/**
 * Where enrichment gets its answers: something that knows, for a source position, where
 * the symbol there is defined, implemented or referenced. In VS Code that is the editor's
 * own language servers (vscode.executeDefinitionProvider and friends, asked through the
 * graph server's client); a CLI could answer from language servers it spawns itself.
 */

/** A position in a file: 1-based line, 0-based character (as facts and editors count). */
export interface SourceLocation {
  /** Absolute file-system path. */
  readonly path: string;
  readonly line: number;
  readonly character: number;
}

export type LocationQueryKind = 'definition' | 'implementation' | 'references';

/**
 * One answer per query, in order. `null` means "no answer" (timed out, no provider,
 * cancelled): enrichment then leaves that site as it was. An empty array is an answer
 * that found nothing.
 */
export type LocationAnswers = Array<SourceLocation[] | null>;

export interface LocationOracle {
  locations(kind: LocationQueryKind, queries: readonly SourceLocation[], signal?: AbortSignal): Promise<LocationAnswers>;
  /**
   * False when the oracle never answers this kind (pyright has no implementation provider):
   * the enricher then does not ask, and leaves no file waiting for an answer that cannot
   * come. Absent, or true: ask.
   */
  provides?(kind: LocationQueryKind): boolean;
}
