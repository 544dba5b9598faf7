/**
 * SQL LIKE as SQLite evaluates it by default: `%` any run, `_` one character, ASCII
 * letters case-insensitive, no escape character.
 */
export function likePattern(pattern: string): RegExp {
  let source = '';
  for (const ch of pattern) {
    if (ch === '%') source += '[\\s\\S]*';
    else if (ch === '_') source += '[\\s\\S]';
    else source += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
}
