// The parent of each evaluated commit checked out in a work tree of its own, so the
// engine reads from disk the very files it indexed. A clone may lack some blobs (a
// snapshot that left large data files out); those paths are left out of the checkout.
import { execFileSync } from 'node:child_process';

function git(root, args, input) {
  return execFileSync('git', ['-C', root, ...args], { input, maxBuffer: 1024 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Paths of `commit`'s tree whose blobs the repository does not have. */
export function missingBlobPaths(root, commit) {
  const entries = git(root, ['ls-tree', '-r', '-z', commit]).toString().split('\0')
    .map((entry) => /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry)).filter(Boolean);
  if (entries.length === 0) return [];
  const answers = git(root, ['cat-file', '--batch-check'], `${entries.map((m) => m[1]).join('\n')}\n`).toString().split('\n');
  return entries.filter((_, i) => answers[i]?.endsWith(' missing')).map((m) => m[2]);
}

/** A detached work tree of `root` at `tree`, with nothing checked out yet. */
export function addWorkTree(root, tree, commit) {
  git(root, ['worktree', 'add', '-q', '--no-checkout', '--detach', tree, commit]);
}

/** Checks `commit` out in the work tree, every path but those whose blobs are missing. */
export function checkOutAt(root, tree, commit) {
  const missing = missingBlobPaths(root, commit);
  if (missing.length > 0) {
    git(tree, ['sparse-checkout', 'set', '--no-cone', '--stdin'], `/*\n${missing.map((p) => `!/${p.replace(/([*?[\\!#])/g, '\\$1')}`).join('\n')}\n`);
  } else {
    git(tree, ['sparse-checkout', 'disable']);
  }
  git(tree, ['checkout', '-q', '--detach', '-f', commit]);
}

/** Removes the work tree and its registration in `root`. */
export function removeWorkTree(root, tree) {
  git(root, ['worktree', 'remove', '--force', tree]);
}
