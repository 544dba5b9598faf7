import type { LanguageId } from '../../extract/facts';
import { csharpResolver } from './csharp';
import { fileResolver } from './file';
import { goResolver } from './go';
import type { LanguageResolverFactory } from './languageResolver';
import { pythonResolver } from './python';
import { typescriptResolver } from './typescript';

/**
 * The resolver of each language. Languages that share a factory (TS, TSX and JS) share
 * one resolver instance per layout, so their files see each other's modules.
 */
export const RESOLVER_FACTORIES: Readonly<Record<LanguageId, LanguageResolverFactory>> = {
  go: goResolver,
  typescript: typescriptResolver,
  tsx: typescriptResolver,
  javascript: typescriptResolver,
  python: pythonResolver,
  rust: fileResolver,
  java: fileResolver,
  csharp: csharpResolver,
  proto: fileResolver,
  sql: fileResolver,
  terraform: fileResolver,
  css: fileResolver,
  scss: fileResolver,
  yaml: fileResolver,
};
