// The real-VS-Code tests (npm run test:e2e, after npm run package):
// 1. the mocha suite hostSuite.ts inside the real extension host of code-server, with the
//    VSIX installed and a fixture workspace open in headless Chromium;
// 2. the same window driven as a person would: Index Workspace from the command palette,
//    the status bar, each view and panel, with screenshots saved as test artefacts.
// Every wait is bounded, the whole run has a deadline (CKG_E2E_DEADLINE_S, default 720 s),
// phases and tests print their timings as they finish, and every process group started is
// killed by PID on the way out, whatever the outcome.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { type Browser, type BrowserServer, type Page, chromium } from 'playwright-core';
import { ROOT, type RunningCodeServer, gitWorkspace, installCodeServer, installVsix, startCodeServer } from './codeServer';
import { type HostOutcome, HostProgress } from './hostProgress';
import { killAllGroups, stopGroup, trackGroup } from './processGroups';
import { type Check, driveUi } from './uiChecks';

const ARTEFACTS = path.join(ROOT, 'test', '.tmp', 'e2e-artefacts');
const VSIX = path.join(ROOT, 'code-knowledge-graph.vsix');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DEADLINE_MS = Number(process.env.CKG_E2E_DEADLINE_S ?? 720) * 1000;
/** The host suite's own watchdog ends it sooner (hostSuite.ts SUITE_BUDGET_MS); this is the backstop. */
const HOST_SUITE_MS = 8 * 60_000;

const startedAt = Date.now();
const timings: Array<[string, number]> = [];
const checks: Check[] = [];

function log(message: string): void {
  process.stdout.write(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(6)} s] ${message}\n`);
}

async function phase<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const ms = Date.now() - started;
    timings.push([name, ms]);
    log(`${name}: ${(ms / 1000).toFixed(1)} s`);
  }
}

async function main(): Promise<number> {
  if (!fs.existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  fs.rmSync(ARTEFACTS, { recursive: true, force: true });
  fs.mkdirSync(ARTEFACTS, { recursive: true });
  const install = await phase('install code-server (cached)', () => installCodeServer());
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-e2e-'));
  const suite = path.join(ROOT, 'test', '.tmp', 'e2e', 'hostSuite.js');
  let server: RunningCodeServer | undefined;
  let chromiumServer: BrowserServer | undefined;
  let browser: Browser | undefined;
  try {
    await phase('bundle the host suite', () => esbuild.build({
      entryPoints: [path.join(__dirname, 'hostSuite.ts')], outfile: suite, bundle: true, platform: 'node', target: 'node20', format: 'cjs',
      external: ['vscode', 'mocha'], logLevel: 'warning',
    }));
    const workspace = gitWorkspace(path.join(ROOT, 'test', 'fixtures', 'workspaces', 'ts-app'), path.join(scratch, 'ts-app'));
    const extensionsDir = path.join(scratch, 'extensions');
    await phase('install the VSIX', () => installVsix(install, extensionsDir, VSIX));
    const resultFile = path.join(scratch, 'host-results.json');
    server = await phase('start code-server', () => startCodeServer(install, {
      dataDir: path.join(scratch, 'data'), extensionsDir, env: { CKG_HOST_TESTS: suite, CKG_HOST_TESTS_RESULT: resultFile },
    }));
    chromiumServer = await phase('start Chromium', async () => {
      const launched = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 120_000 });
      trackGroup(launched.process(), 'chromium');
      return launched;
    });
    browser = await chromium.connect(chromiumServer.wsEndpoint(), { timeout: 60_000 });
    // The Copy Context commands write and read the clipboard through the browser: without
    // these grants headless Chromium would leave navigator.clipboard pending forever.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page: Page = await context.newPage();
    await phase('open the workbench', async () => {
      await page.goto(`${server!.url}/?folder=${encodeURIComponent(workspace)}`, { timeout: 120_000, waitUntil: 'domcontentloaded' });
      await page.waitForSelector('.monaco-workbench', { timeout: 120_000 });
    });
    const host = await phase('extension-host suite', () => new HostProgress(resultFile, (outcome) => {
      log(`${outcome.ok ? '✔' : '✗'} host: ${outcome.title} (${(outcome.ms / 1000).toFixed(1)} s)`);
    }, (title) => log(`… host: ${title}`)).wait(Math.min(HOST_SUITE_MS, remaining() - 60_000)));
    for (const outcome of host.outcomes) checks.push(hostCheck(outcome));
    fs.writeFileSync(path.join(ARTEFACTS, 'host-results.json'), JSON.stringify(host, null, 2));
    await phase('UI walk-through', () => driveUi(page, ARTEFACTS, (check) => {
      checks.push(check);
      log(`${check.ok ? '✔' : '✗'} ${check.title}`);
    }));
    if (process.env.CKG_E2E_DOC_SCREENSHOTS) keepDocScreenshots();
  } catch (error) {
    checks.push({ title: 'e2e run', ok: false, detail: (error as Error).stack });
  } finally {
    await phase('stop everything', async () => {
      await bounded(browser?.close(), 10_000);
      if (chromiumServer) await bounded(stopGroup(chromiumServer.process()), 15_000);
      if (server) await bounded(server.stop(), 15_000);
      const left = killAllGroups('SIGKILL');
      if (left.length > 0) log(`killed what was left: ${left.join(', ')}`);
    });
    if (server) fs.writeFileSync(path.join(ARTEFACTS, 'code-server.log'), server.log());
    keepLogs(path.join(scratch, 'data'));
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return report();
}

/** Screenshots docs/extension.md shows, by the walk-through's artefact names: refreshed by a run with CKG_E2E_DOC_SCREENSHOTS=1. */
const DOC_SCREENSHOTS: Record<string, string> = {
  '03-blast-radius.png': 'extension-blast-radius.png',
  '05-impact.png': 'extension-impact.png',
  '04-trace-stats.png': 'extension-trace-stats.png',
  '06-call-hierarchy.png': 'extension-call-hierarchy.png',
  '07-trace-stats-data.png': 'extension-trace-stats-data.png',
  '08-codelens.png': 'extension-codelens.png',
};

function keepDocScreenshots(): void {
  const images = path.join(ROOT, 'docs', 'images');
  fs.mkdirSync(images, { recursive: true });
  for (const [shot, name] of Object.entries(DOC_SCREENSHOTS)) {
    if (fs.existsSync(path.join(ARTEFACTS, shot))) fs.copyFileSync(path.join(ARTEFACTS, shot), path.join(images, name));
  }
  log(`kept ${Object.keys(DOC_SCREENSHOTS).length} screenshots in docs/images`);
}

function hostCheck(outcome: HostOutcome): Check {
  return { title: `extension host: ${outcome.title} (${outcome.ms} ms)`, ok: outcome.ok, detail: outcome.error };
}

function remaining(): number {
  return startedAt + DEADLINE_MS - Date.now();
}

/** Waits for a promise at most `ms`; a stop that hangs must not hold up the rest. */
async function bounded(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!work) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The editor's own logs (Code Graph output channel, extension host, TypeScript) as artefacts. */
/**
 * Keeps VS Code's logs of the run: the ones the report names under short names, and every
 * log of the server data folder under vscode-logs/, so a failure on another machine can be
 * read after the scratch folder is gone.
 */
function keepLogs(dataDir: string): void {
  const wanted = new Map([['Code Graph.log', 'code-graph-output.log'], ['remoteexthost.log', 'exthost.log'], ['TypeScript.log', 'typescript.log']]);
  const all = path.join(ARTEFACTS, 'vscode-logs');
  const walk = (dir: string): void => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.log')) {
        if (wanted.has(entry.name)) fs.copyFileSync(full, path.join(ARTEFACTS, wanted.get(entry.name)!));
        const kept = path.join(all, path.relative(dataDir, full));
        fs.mkdirSync(path.dirname(kept), { recursive: true });
        fs.copyFileSync(full, kept);
      }
    }
  };
  walk(dataDir);
}

function report(): number {
  process.stdout.write('\n');
  for (const check of checks) {
    process.stdout.write(`${check.ok ? '  ✔' : '  ✗'} ${check.title}\n`);
    if (!check.ok && check.detail) process.stdout.write(`${check.detail.split('\n').map((l) => `      ${l}`).join('\n')}\n`);
  }
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write('\ntimings:\n');
  for (const [name, ms] of timings) process.stdout.write(`  ${name.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(7)} s\n`);
  process.stdout.write(`  ${'total'.padEnd(34)} ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s\n`);
  process.stdout.write(`\nscreenshots and logs: ${path.relative(ROOT, ARTEFACTS)}\n${checks.length - failed} passed, ${failed} failed\n`);
  return failed === 0 && checks.length > 0 ? 0 : 1;
}

setTimeout(() => {
  log(`the e2e run passed its deadline of ${DEADLINE_MS / 1000} s; stopping ${killAllGroups('SIGKILL').join(', ') || 'nothing'}`);
  checks.push({ title: 'e2e run', ok: false, detail: `deadline of ${DEADLINE_MS / 1000} s passed (CKG_E2E_DEADLINE_S)` });
  report();
  process.exit(1);
}, DEADLINE_MS);

main().then((code) => process.exit(code), (error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  killAllGroups('SIGKILL');
  process.exit(1);
});
