import { type Hash, hashOf } from '../model';

/** A Merkle root over sorted leaves: pairs hashed level by level. */
export function merkleRoot(leaves: readonly Hash[]): Hash {
  if (leaves.length === 0) return hashOf('empty');
  let level = [...leaves];
  while (level.length > 1) {
    const next: Hash[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(hashOf(level[i], level[i + 1] ?? level[i]));
    level = next;
  }
  return level[0];
}
