import type { FileFacts } from '../extract/facts';

export interface ParseRequest {
  readonly id: number;
  readonly path: string;
  readonly source: string;
}

export interface ParseReply {
  readonly id: number;
  readonly facts?: FileFacts;
  readonly error?: string;
}
