import { posix } from 'node:path';
import type { Node } from 'yaml';
import { lambdaHandlerKey } from '../common';
import type { LinkEnd } from '../facts';
import type { FactsCollector } from '../manifests/collector';
import type { YamlDoc } from '../yaml/nodes';

/**
 * A Lambda function and the code it runs: `deploys` from the function node to the
 * module-level function its handler string names (`handler: src/handler.main` is
 * `main` of `src/handler.py` or `src/handler.js`, relative to the template's folder and
 * SAM's `CodeUri`). Found through the key the Python and TypeScript/JavaScript
 * extractors give such functions; no edge when no file of the repo declares it.
 */

/** The runtimes whose handlers are `<module>.<function>` of a Python or Node module. */
const HANDLER_RUNTIMES = /^(python|nodejs)/;
const HANDLER = /^([\w./-]+)\.([A-Za-z_$][\w$]*)$/;

export interface LambdaCode {
  /** The handler as written, and where. */
  readonly handler: string;
  readonly at: Node;
  /** The folder the handler is relative to, from the repository root. */
  readonly codeDir: string;
  /** The runtime, when the template names one. */
  readonly runtime?: string;
}

/** Adds the `deploys` link from `functionName` (a symbol of this file) to its handler's code. */
export function linkHandlerCode(yaml: YamlDoc, out: FactsCollector, functionName: string, code: LambdaCode): void {
  const to = handlerEnd(code);
  if (to) out.addLink({ ...yaml.position(code.at), edgeType: 'deploys', from: { form: 'local', name: functionName }, to });
}

/** The folder holding a template: handler and CodeUri paths are relative to it. */
export function templateDir(path: string): string {
  return posix.dirname(path);
}

/** `dir` joined with a relative path, or undefined when it leaves the repository or is absolute/remote. */
export function joinRepoPath(dir: string, relative: string): string | undefined {
  if (relative.startsWith('/') || relative.includes('://') || relative.includes('${')) return undefined;
  const joined = posix.normalize(posix.join(dir, relative)).replace(/\/+$/, '');
  return joined === '..' || joined.startsWith('../') ? undefined : joined;
}

function handlerEnd(code: LambdaCode): LinkEnd | undefined {
  if (code.runtime !== undefined && !HANDLER_RUNTIMES.test(code.runtime)) return undefined;
  const match = HANDLER.exec(code.handler.trim());
  if (!match) return undefined;
  const [, module, fn] = match as unknown as [string, string, string];
  // Python names a module by dots (`app.handlers.main`); Node by file path, dots allowed.
  const modules = [...new Set([module.replace(/\./g, '/'), module])];
  const candidates = modules
    .map((m) => joinRepoPath(code.codeDir, m))
    .filter((m): m is string => m !== undefined && m !== '.')
    .map((m) => [lambdaHandlerKey(m, fn)]);
  return candidates.length > 0 ? { form: 'keys', candidates } : undefined;
}
