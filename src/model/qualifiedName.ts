/**
 * Qualified names (SPEC §1.7, DESIGN §4): `<repo_url>://<package_path>.<Symbol>`.
 * A module node is `<repo_url>://<package_path>` with no symbol part. Unresolved targets
 * are `<repo_or_service>://UNRESOLVED/<name>`. These shapes are a public contract
 * (docs/qualified-names.md); change them only with a format-version bump.
 */
export const UNRESOLVED_SEGMENT = 'UNRESOLVED/';
const SCHEME_SEPARATOR = '://';

export const QualifiedName = {
  symbol(repoUrl: string, packagePath: string, symbol: string): string {
    return `${repoUrl}${SCHEME_SEPARATOR}${packagePath}.${symbol}`;
  },
  module(repoUrl: string, packagePath: string): string {
    return `${repoUrl}${SCHEME_SEPARATOR}${packagePath}`;
  },
  unresolved(repoOrService: string, name: string): string {
    return `${repoOrService}${SCHEME_SEPARATOR}${UNRESOLVED_SEGMENT}${name}`;
  },
  isUnresolved(qualifiedName: string): boolean {
    return qualifiedName.includes(SCHEME_SEPARATOR + UNRESOLVED_SEGMENT);
  },
  /** The part after `://`: `<package_path>.<Symbol>`. */
  localPart(qualifiedName: string): string {
    const at = qualifiedName.indexOf(SCHEME_SEPARATOR);
    return at < 0 ? qualifiedName : qualifiedName.slice(at + SCHEME_SEPARATOR.length);
  },
  repoPart(qualifiedName: string): string {
    const at = qualifiedName.indexOf(SCHEME_SEPARATOR);
    return at < 0 ? '' : qualifiedName.slice(0, at);
  },
};
