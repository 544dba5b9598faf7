import type { FileFacts } from '../extract/facts';

export interface ParseRequest {
  readonly id: number;
  readonly path: string;
  readonly source: string;
  /** 'floor' parses and runs one query pass only: the bench's parse+query floor. */
  readonly mode?: 'extract' | 'floor';
}

export interface ParseReply {
  readonly id: number;
  readonly facts?: FileFacts;
  /** The same facts encoded for the store, made in the worker to spare the writer. */
  readonly encoded?: Uint8Array;
  /** Captures counted in floor mode. */
  readonly captures?: number;
  readonly error?: string;
}
