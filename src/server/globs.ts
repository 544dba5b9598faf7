/**
 * Glob patterns as VS Code settings write them (`**` any folders, `*` and `?` within a
 * segment, `{a,b}` alternatives), matched against repo-relative paths with `/`.
 * A pattern without a slash matches a name at any depth, as in .gitignore.
 */
export function globMatcher(patterns: readonly string[]): (relativePath: string) => boolean {
  const regexes = patterns.filter((p) => p.trim() !== '').map((p) => globToRegExp(p.trim()));
  if (regexes.length === 0) return () => false;
  return (relativePath) => {
    const normalised = relativePath.replace(/\\/g, '/');
    return regexes.some((r) => r.test(normalised));
  };
}

export function globToRegExp(pattern: string): RegExp {
  let glob = pattern.replace(/^\.\//, '').replace(/^\//, '');
  if (!glob.includes('/')) glob = `**/${glob}`;
  let out = '';
  let inGroup = false;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` is zero or more folders; a trailing `**` is everything below.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      out += '(?:';
      inGroup = true;
    } else if (c === '}' && inGroup) {
      out += ')';
      inGroup = false;
    } else if (c === ',' && inGroup) out += '|';
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  // A folder pattern (`dist`, `out/**`) excludes what is inside it too.
  return new RegExp(`^${out}(?:/.*)?$`);
}
