// Types of contextBaselines.mjs for the TypeScript tests (test/bench).
/** Files of `git log --name-only --format=%x1e` records ranked by how many records name them, `path` and files outside `allowed` left out. */
export function rankCoChanges(log: string, path: string, allowed: ReadonlySet<string>): string[];
