/**
 * How every view names a symbol: the short name first (`Service.run`), its package second
 * (`src/service`), the full qualified name in the tooltip. Go module paths and repository
 * URLs fill a row otherwise, and the name the user looks for is cut off (issue 17).
 * No `vscode` here, so the rule is unit-tested.
 */

export interface SymbolLabel {
  /** The symbol inside its package: `helper`, `Service.run`, `Logger.Printf`. */
  readonly name: string;
  /** The package path without the repository's own prefix: `src/util`, `service`; empty when none. */
  readonly container: string;
  /** `name · container`, or the name alone. */
  readonly text: string;
  /** The full qualified name. */
  readonly tooltip: string;
}

const SCHEME = '://';
/** Kinds whose symbol part is `Type.member`: the type's name is part of the short name. */
const MEMBER_KINDS = new Set(['method', 'field', 'property']);

/** The label of a qualified name (`<repo_url>://<package_path>.<Symbol>`); `kind` tells a method's type apart from its package. */
export function symbolLabel(qualifiedName: string, kind = ''): SymbolLabel {
  const at = qualifiedName.indexOf(SCHEME);
  const repoUrl = at < 0 ? '' : qualifiedName.slice(0, at);
  const local = at < 0 ? qualifiedName : qualifiedName.slice(at + SCHEME.length);
  const { packagePath, symbol } = splitLocal(local, MEMBER_KINDS.has(kind) ? 2 : 1);
  const container = withoutRepoPrefix(packagePath, repoUrl);
  return { name: symbol, container, text: container ? `${symbol} · ${container}` : symbol, tooltip: qualifiedName };
}

/**
 * `<package_path>.<Symbol>` split at the last dots of its last path segment (package paths
 * hold dots: `example.com/mod`, `app.models`); the symbol keeps `parts` dot-separated parts.
 */
function splitLocal(local: string, parts: number): { packagePath: string; symbol: string } {
  const slash = local.lastIndexOf('/');
  const head = local.slice(0, slash + 1);
  const segments = local.slice(slash + 1).split('.');
  if (segments.length <= 1) return { packagePath: head.replace(/\/$/, ''), symbol: local.slice(slash + 1) };
  const keep = Math.min(parts, segments.length - 1);
  return { packagePath: head + segments.slice(0, -keep).join('.'), symbol: segments.slice(-keep).join('.') };
}

/** A Go package path repeats its module, the repository URL: `github.com/o/r/pkg` shows as `pkg`. */
function withoutRepoPrefix(packagePath: string, repoUrl: string): string {
  const bare = repoUrl.replace(/\.git$/, '');
  if (!bare) return packagePath;
  if (packagePath === bare) return bare.split('/').pop() ?? bare;
  return packagePath.startsWith(`${bare}/`) ? packagePath.slice(bare.length + 1) : packagePath;
}

/** "1 caller", "2 callers": the count with its noun, plural when not one. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : nouns}`;
}
