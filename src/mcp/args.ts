import { z } from 'zod';

/**
 * Zod builders for tool arguments. Every message starts with the argument's name and says
 * what was expected (DESIGN §5), because the SDK passes zod's message through to the
 * caller: an agent reads "target_hash: expected 64 lowercase hex characters" and can fix
 * its call without guessing which field was wrong.
 */

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** A SHA-256 hash argument: 64 lowercase hex characters (SPEC §1.6). */
export function hashArg(name: string, description: string) {
  const message = `${name}: expected 64 lowercase hex characters`;
  return z.string({ error: message }).regex(HASH_PATTERN, { error: message }).describe(description);
}

/** An optional hash; the description sits on the optional wrapper, where schemas read it. */
export function optionalHashArg(name: string, description: string) {
  return hashArg(name, description).optional().describe(description);
}

/** A required non-empty string. */
export function textArg(name: string, description: string) {
  const message = `${name}: expected a non-empty string`;
  return z.string({ error: message }).min(1, { error: message }).describe(description);
}

/** An optional string. */
export function optionalTextArg(name: string, description: string) {
  return z.string({ error: `${name}: expected a string` }).optional().describe(description);
}

/**
 * A positive integer with a default and a maximum: the maximum keeps one call from
 * asking for an unbounded walk or list.
 */
export function positiveIntArg(name: string, options: { readonly default: number; readonly max: number; readonly description: string }) {
  if (!Number.isInteger(options.default) || options.default < 1 || options.default > options.max) {
    throw new Error(`mcp/args: default of ${name} must be an integer in [1, ${options.max}]`);
  }
  const message = `${name}: expected an integer from 1 to ${options.max}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(options.max, { error: message })
    .default(options.default)
    .describe(`${options.description} (default ${options.default}, at most ${options.max})`);
}

/** One of a fixed set of strings, with a default. */
export function choiceArg<const T extends readonly [string, ...string[]]>(name: string, choices: T, fallback: T[number], description: string) {
  const message = `${name}: expected one of ${choices.join(', ')}`;
  return z.enum(choices, { error: message }).default(fallback as never).describe(`${description} (default ${fallback})`);
}

/**
 * Comma-separated repo-relative paths (SPEC 4.7, 4.9), parsed to a sorted, de-duplicated
 * list. `./a.ts` and `a.ts` name one file and Windows separators are accepted; absolute
 * paths and `..` are refused: paths are relative to a repository root.
 */
export function pathListArg(name: string, description: string) {
  return z
    .string({ error: `${name}: expected comma-separated paths relative to the repository root` })
    .transform((raw, context) => {
      const paths = splitPathList(raw);
      const bad = paths.find((p) => p.startsWith('/') || /^[a-z]:\//i.test(p) || p.split('/').includes('..'));
      if (paths.length === 0 || bad !== undefined) {
        context.addIssue({
          code: 'custom',
          message: bad === undefined
            ? `${name}: expected at least one path (comma-separated, relative to the repository root)`
            : `${name}: expected paths relative to the repository root, got ${bad}`,
        });
        return z.NEVER;
      }
      return paths;
    })
    .describe(description);
}

/** Splits and normalises a comma-separated path list; exported for tools that take raw strings. */
export function splitPathList(raw: string): string[] {
  const paths = raw
    .split(',')
    .map((p) => p.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, ''))
    .filter((p) => p !== '' && p !== '.');
  return [...new Set(paths)].sort();
}
