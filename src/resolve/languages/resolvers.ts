import type { LanguageId } from '../../extract/facts';
import { csharpResolver } from './csharp';
import { cssResolver } from './css';
import { fileResolver } from './file';
import { goResolver } from './go';
import { javaResolver } from './java';
import type { LanguageResolverFactory } from './languageResolver';
import { protoResolver } from './proto';
import { pythonResolver } from './python';
import { rustResolver } from './rust';
import { terraformResolver } from './terraform';
import { typescriptResolver } from './typescript';
import { yamlResolver } from './yaml';

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
  rust: rustResolver,
  java: javaResolver,
  csharp: csharpResolver,
  proto: protoResolver,
  sql: fileResolver,
  terraform: terraformResolver,
  css: cssResolver,
  scss: cssResolver,
  yaml: yamlResolver,
};
