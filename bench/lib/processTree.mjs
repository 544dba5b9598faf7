// Runs a command and measures it as a whole: wall time and the peak RSS of its process
// tree (the CLI plus the language servers or indexers it spawns), sampled through /proc.
// A child's own RSS (process.memoryUsage, VmHWM) misses the servers, which are most of it.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

const PAGE_BYTES = 4096;

/** pid -> parent pid of every live process, from /proc/<pid>/stat. */
function parentsByPid() {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: count from its end.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return parents;
}

/** The pids of `root` and all its descendants. */
function treeOf(root) {
  const children = new Map();
  for (const [pid, parent] of parentsByPid()) {
    const list = children.get(parent);
    if (list) list.push(pid);
    else children.set(parent, [pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

function rssBytes(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
  } catch {
    return 0;
  }
}

/** The summed RSS of a process tree now, in bytes; 0 off Linux. */
export function treeRssBytes(root) {
  if (!fs.existsSync('/proc/self/stat')) return 0;
  return treeOf(root).reduce((sum, pid) => sum + rssBytes(pid), 0);
}

/**
 * Runs `command args` (cwd `options.cwd`) to its end, sampling its tree's RSS every
 * `intervalMs`. Resolves to { code, stdout, stderr, ms, peakRssBytes, samples }; never
 * rejects on a non-zero exit (the caller decides), only when the command cannot start.
 */
export function runMeasured(command, args, options = {}) {
  const intervalMs = options.intervalMs ?? 250;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => {
      stderr.push(chunk);
      options.onStderr?.(chunk.toString());
    });
    let peak = 0;
    let samples = 0;
    const sample = () => {
      peak = Math.max(peak, treeRssBytes(child.pid));
      samples++;
    };
    const timer = setInterval(sample, intervalMs);
    child.once('error', (error) => {
      clearInterval(timer);
      reject(new Error(`bench/processTree: ${command} did not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearInterval(timer);
      resolve({
        code: code ?? signal,
        stdout: Buffer.concat(stdout).toString(),
        stderr: Buffer.concat(stderr).toString(),
        ms: performance.now() - started,
        peakRssBytes: peak,
        samples,
      });
    });
  });
}
