import * as os from 'node:os';

/**
 * Whether a process recorded in a lock or temp file name may still run: false only when
 * it certainly does not (same host, no such pid). A pid of another host cannot be checked
 * from here, so it counts as alive.
 */
export function mayBeAlive(pid: number, hostname: string = os.hostname()): boolean {
  if (hostname !== os.hostname()) return true;
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
