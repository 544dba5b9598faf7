// A small argv parser for the bench scripts: one positional plus `--name value` options.

export class UsageError extends Error {}

/**
 * `spec.valued` maps option names to their defaults (positive integers or strings);
 * `spec.flags` lists options without a value. Errors name the script and the option.
 */
export function parseArgs(script, argv, spec) {
  const options = { ...spec.valued };
  for (const flag of spec.flags ?? []) options[flag] = false;
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if ((spec.flags ?? []).includes(name)) {
      options[name] = true;
    } else if (Object.hasOwn(spec.valued, name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${script}: ${arg} expects a value`);
      if (typeof spec.valued[name] === 'number') {
        const n = Number(value);
        if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${script}: ${arg} ${value}: expected a positive integer`);
        options[name] = n;
      } else {
        options[name] = value;
      }
    } else {
      throw new UsageError(`${script}: unknown option ${arg}; usage: ${spec.usage}`);
    }
  }
  if (positionals.length !== 1) throw new UsageError(`${script}: expected one <repo_path>; usage: ${spec.usage}`);
  return { repoPath: positionals[0], options };
}
