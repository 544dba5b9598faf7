import type { ChildProcess } from 'node:child_process';

/**
 * Every process group the e2e run starts (code-server with its extension host, graph
 * server and tsserver; Chromium with its helpers), killed by PID when the run ends,
 * fails, times out or is interrupted. Each is spawned detached, so it leads its own group
 * and `kill(-pid)` reaches its children too; nothing is killed by name.
 */
const groups = new Map<number, string>();
let hooked = false;

export function trackGroup(child: ChildProcess | undefined, name: string): void {
  if (!child?.pid) return;
  groups.set(child.pid, name);
  child.once('exit', () => groups.delete(child.pid!));
  if (hooked) return;
  hooked = true;
  process.once('exit', () => killAllGroups('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      process.stderr.write(`e2e: ${signal}: stopping ${[...groups.values()].join(', ') || 'nothing'}\n`);
      killAllGroups('SIGKILL');
      process.exit(130);
    });
  }
}

/** Signals every tracked group; returns the names signalled. */
export function killAllGroups(signal: NodeJS.Signals): string[] {
  const killed: string[] = [];
  for (const [pid, name] of groups) {
    try {
      process.kill(-pid, signal);
      killed.push(`${name} (pid ${pid})`);
    } catch {
      groups.delete(pid);
    }
  }
  return killed;
}

/** Stops one group: SIGTERM, then SIGKILL after `graceMs`; resolves when the leader has exited. */
export function stopGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) {
      if (child.pid) signalGroup(child.pid, 'SIGKILL');
      return resolve();
    }
    const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      // Children that outlive their leader (an extension host, a tsserver) go too.
      signalGroup(child.pid!, 'SIGKILL');
      resolve();
    });
    signalGroup(child.pid, 'SIGTERM');
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone.
  }
}
