import type { TypeSyntax } from './languageResolver';

/**
 * Go types as written: `*T`, `pkg.T`, `Pair[K, V]` name a type with methods; slices,
 * arrays, maps and channels are containers whose element indexing and `range` yield.
 */
export const goTypeSyntax: TypeSyntax = {
  named(type) {
    const bare = withoutPointers(type);
    if (bare === '' || /^(?:\[|map\s*\[|chan\b|<-|func\b|struct\b|interface\b)/.test(bare)) return undefined;
    const name = bare.replace(/\s*\[.*$/s, '');
    return /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)?$/u.test(name) ? name : undefined;
  },
  element(type) {
    const bare = withoutPointers(type);
    if (bare.startsWith('[')) return afterBracket(bare, 0);
    if (/^map\s*\[/.test(bare)) return afterBracket(bare, bare.indexOf('['));
    const channel = /^(?:<-\s*chan|chan\s*<-|chan)\s*/.exec(bare);
    return channel ? bare.slice(channel[0].length).trim() || undefined : undefined;
  },
};

function withoutPointers(type: string): string {
  let bare = type.trim();
  for (;;) {
    if (bare.startsWith('*')) bare = bare.slice(1).trimStart();
    else if (bare.startsWith('(') && bare.endsWith(')')) bare = bare.slice(1, -1).trim();
    else return bare;
  }
}

/** The text after the bracket opening at `open` closes: `T` of `[]T`, `[4]T`, `map[K]T`. */
function afterBracket(text: string, open: number): string | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return text.slice(i + 1).trim() || undefined;
  }
  return undefined;
}
