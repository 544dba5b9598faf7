export type IndexPhase = 'scan' | 'parse' | 'resolve' | 'write' | 'done';

/** Emitted while indexing, for progress bars (CLI) and `$/progress` (extension). */
export interface IndexProgress {
  readonly phase: IndexPhase;
  readonly done: number;
  readonly total: number;
}

export type ProgressListener = (progress: IndexProgress) => void;
