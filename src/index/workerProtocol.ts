import type { WorkBudget } from '../extract/workBudget';

export interface ParseRequest {
  readonly id: number;
  readonly path: string;
  readonly source: string;
  /**
   * 'floor' parses and runs one query pass only: the bench's parse+query floor.
   * 'preload' loads the grammars of `paths` (no source) and replies with the id alone.
   */
  readonly mode?: 'extract' | 'floor' | 'preload';
  /** The files whose grammars a 'preload' request loads. */
  readonly paths?: readonly string[];
  /** The file's parse and extraction budget; the extractor's default when absent. */
  readonly budget?: WorkBudget;
}

export interface ParseReply {
  readonly id: number;
  /**
   * The facts encoded for the store (encodeFacts), made in the worker to spare the
   * writer and moved, not copied; the pool decodes them on arrival.
   */
  readonly encoded?: Uint8Array;
  /** Captures counted in floor mode. */
  readonly captures?: number;
  readonly error?: string;
}
