import { type RepoLayout, joinPath, parentDir } from '../layout';

/** A `paths` pattern of a tsconfig: `@app/*` (wildcard) or `~config` (exact). */
export interface PathPattern {
  readonly prefix: string;
  readonly suffix: string;
  readonly wildcard: boolean;
  /** Repo-relative targets, `*` standing for what the wildcard matched. */
  readonly targets: readonly string[];
}

/** What of a tsconfig decides where a non-relative import lands. */
export interface ModuleOptions {
  readonly paths: readonly PathPattern[];
  /** Repo-relative `baseUrl`: bare specifiers are tried under it as well. */
  readonly baseUrl?: string;
}

const NO_OPTIONS: ModuleOptions = { paths: [] };
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

/**
 * The module options the compiler applies to each file, as an editor's language server
 * does: those of the nearest tsconfig.json (or jsconfig.json) above the file, with its
 * `extends` chain. A child's `baseUrl` or `paths` replaces its parent's; `baseUrl` is
 * relative to the config that sets it, and `paths` targets to `baseUrl` when there is one,
 * else to the config that sets `paths`. `packageDir` finds a workspace package an
 * `extends` names (`@acme/tsconfig/base.json`).
 */
export function moduleOptionsByFile(layout: RepoLayout, packageDir: (name: string) => string | undefined): (file: string) => ModuleOptions {
  const byDir = new Map<string, ModuleOptions>();

  function optionsOfConfig(configPath: string): ModuleOptions {
    let baseUrl: string | undefined;
    let paths: { patterns: Record<string, unknown>; dir: string } | undefined;
    for (const { path, compilerOptions: own } of extendsChain(layout, configPath, packageDir)) {
      if (baseUrl === undefined && typeof own.baseUrl === 'string') baseUrl = joinPath(parentDir(path), own.baseUrl);
      if (paths === undefined && own.paths !== null && typeof own.paths === 'object' && !Array.isArray(own.paths)) {
        paths = { patterns: own.paths as Record<string, unknown>, dir: parentDir(path) };
      }
    }
    return moduleOptionsOf(baseUrl, paths);
  }

  function optionsOfDir(dir: string): ModuleOptions {
    const known = byDir.get(dir);
    if (known) return known;
    const config = CONFIG_NAMES.map((name) => joinPath(dir, name)).find((candidate) => layout.files.has(candidate));
    const options = config ? optionsOfConfig(config) : dir === '' ? NO_OPTIONS : optionsOfDir(parentDir(dir));
    byDir.set(dir, options);
    return options;
  }

  return (file) => optionsOfDir(parentDir(file));
}

/** The pattern the compiler picks for a specifier: an exact one, else the wildcard with the longest prefix. */
export function matchingPattern(patterns: readonly PathPattern[], specifier: string): { pattern: PathPattern; matched: string } | undefined {
  const exact = patterns.find((p) => !p.wildcard && p.prefix === specifier);
  if (exact) return { pattern: exact, matched: '' };
  let best: PathPattern | undefined;
  for (const p of patterns) {
    if (!p.wildcard || specifier.length < p.prefix.length + p.suffix.length) continue;
    if (!specifier.startsWith(p.prefix) || !specifier.endsWith(p.suffix)) continue;
    if (!best || p.prefix.length > best.prefix.length) best = p;
  }
  return best && { pattern: best, matched: specifier.slice(best.prefix.length, specifier.length - best.suffix.length) };
}

/** One config of an `extends` chain: where it is, and its own `compilerOptions`. */
export interface ChainedConfig {
  readonly path: string;
  readonly compilerOptions: Record<string, unknown>;
}

/**
 * The configs a tsconfig's `extends` chain visits, in the order their options take
 * precedence: `configPath` first, then its parents (the last of an `extends` list first),
 * each once and read once; package parents are found through `packageDir`.
 */
export function extendsChain(layout: RepoLayout, configPath: string, packageDir: (name: string) => string | undefined = () => undefined): ChainedConfig[] {
  const chain: ChainedConfig[] = [];
  const visit = (current: string): void => {
    if (chain.some((config) => config.path === current) || !layout.files.has(current)) return;
    const config = parseJsonc(layout.readText(current));
    chain.push({ path: current, compilerOptions: (config?.compilerOptions ?? {}) as Record<string, unknown> });
    const parents = config?.extends;
    for (const name of Array.isArray(parents) ? [...parents].reverse() : [parents]) {
      const parent = typeof name === 'string' ? extendedConfig(layout, parentDir(current), name, packageDir) : undefined;
      if (parent) visit(parent);
    }
  };
  visit(configPath);
  return chain;
}

function moduleOptionsOf(baseUrl: string | undefined, paths: { patterns: Record<string, unknown>; dir: string } | undefined): ModuleOptions {
  if (!paths && baseUrl === undefined) return NO_OPTIONS;
  const targetsBase = baseUrl ?? paths?.dir ?? '';
  const patterns = Object.entries(paths?.patterns ?? {}).flatMap(([pattern, targets]) => {
    if (!Array.isArray(targets)) return [];
    const star = pattern.indexOf('*');
    return [{
      prefix: star < 0 ? pattern : pattern.slice(0, star),
      suffix: star < 0 ? '' : pattern.slice(star + 1),
      wildcard: star >= 0,
      targets: targets.filter((t): t is string => typeof t === 'string').map((t) => joinPath(targetsBase, t)),
    }];
  });
  return { paths: patterns, ...(baseUrl !== undefined ? { baseUrl } : {}) };
}

/** The repo path of a config an `extends` names: a relative path, or a file of a workspace package. */
function extendedConfig(layout: RepoLayout, dir: string, name: string, packageDir: (name: string) => string | undefined): string | undefined {
  const withJson = (p: string): string[] => (p.endsWith('.json') ? [p] : [`${p}.json`, p]);
  if (name.startsWith('.')) return withJson(joinPath(dir, name)).find((p) => layout.files.has(p));
  const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
  const root = packageDir(packageName);
  if (root === undefined) return undefined;
  const subpath = name.slice(packageName.length + 1);
  const candidates = subpath ? withJson(joinPath(root, subpath)) : [joinPath(root, 'tsconfig.json')];
  return candidates.find((p) => layout.files.has(p));
}

/** JSON with comments and trailing commas, as tsconfig files are written. */
export function parseJsonc(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  const withoutComments = text.replace(/"(?:\\.|[^"\\])*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : ''));
  try {
    return JSON.parse(withoutComments.replace(/,(\s*[}\]])/g, '$1')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
