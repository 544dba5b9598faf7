// Extension activation in a real VS Code (code-server's VS Code server and web workbench,
// as test/e2e runs it): the packaged VSIX, the ts-app fixture workspace, the window opened
// once and then reloaded --runs times; each reload starts a new extension host, which
// activates the extension again. Each activation logs, on the extension host thread:
//   activate()   the call's own time (registrations; the graph server starts after it returns)
//   code load    evaluating the bundle, from its first statement to its last
// and, once activation has returned, how long loading the language client took.
// Bar (DESIGN §6): activation < 50 ms. The 1-minute load average is recorded before and
// after, since other work shares the machine.
//   npm run bench:activation -- [--runs N] [--no-record]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, gitWorkspace, installCodeServer, installVsix, startCodeServer } from '../test/e2e/codeServer.ts';
import { killAllGroups, stopGroup, trackGroup } from '../test/e2e/processGroups.ts';
import { UsageError } from './lib/args.mjs';
import { machineSummary, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { median } from './lib/stats.mjs';

const USAGE = 'npm run bench:activation -- [--runs N] [--no-record]';
const SECTION = 'Extension activation (real VS Code)';
const SECTION_DESCRIPTION = `One row per \`npm run bench:activation\`: the packaged VSIX in code-server 4.139.1 (VS Code
1.139.1 server, Node 24 extension host) driven by headless Chromium, the ts-app fixture open;
the window is reloaded --runs times and each new extension host activates the extension.
activate() = the call's own time; code load = evaluating dist/extension.js, from its first
statement to its last (VS Code counts both; reading and compiling the 50 KB file before its
first statement is not in it); client load = loading dist/languageClient.js
(vscode-languageclient) and creating the client, after activation returned. Medians (min-max)
of the runs. Bar: activate() + code load < 50 ms.`;
const COLUMNS = ['date', 'machine', 'load (1 min) before-after', 'runs', 'activate() ms', 'code load ms', 'activate + code load ms', 'client load ms (after)', 'command'];
const VSIX = path.join(ROOT, 'code-knowledge-graph.vsix');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ACTIVATED = /activated in ([\d.]+) ms, code loaded in ([\d.]+) ms/;
const CLIENT = /language client loaded in ([\d.]+) ms/;

function log(message) {
  process.stderr.write(`bench/activation: ${message}\n`);
}

/** Every activation so far: the Code Graph output channel log of each extension host. */
function activations(dataDir) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'Code Graph.log') {
        const text = fs.readFileSync(full, 'utf8');
        const activated = ACTIVATED.exec(text);
        const client = CLIENT.exec(text);
        if (activated && client) found.push({ activate: Number(activated[1]), codeLoad: Number(activated[2]), client: Number(client[1]) });
      }
    }
  };
  walk(dataDir);
  return found;
}

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function parseOptions(argv) {
  const options = { runs: 7, 'no-record': false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--no-record') options['no-record'] = true;
    else if (argv[i] === '--runs' && /^[1-9]\d*$/.test(argv[i + 1] ?? '')) options.runs = Number(argv[++i]);
    else throw new UsageError(`bench/activation: ${argv[i]} ${argv[i + 1] ?? ''}: expected --runs <positive integer> or --no-record; usage: ${USAGE}`);
  }
  return options;
}

function spread(values) {
  return `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (!fs.existsSync(VSIX)) throw new UsageError(`bench/activation: ${VSIX} is missing: run npm run package first`);
  const loadBefore = os.loadavg()[0];
  const install = installCodeServer();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-activation-'));
  const dataDir = path.join(scratch, 'data');
  let server;
  let chromiumServer;
  try {
    const workspace = gitWorkspace(path.join(ROOT, 'test', 'fixtures', 'workspaces', 'ts-app'), path.join(scratch, 'ts-app'));
    installVsix(install, path.join(scratch, 'extensions'), VSIX);
    // Reloaded windows leave their extension hosts behind for the grace time: 1 s, not 3 h.
    server = await startCodeServer(install, { dataDir, extensionsDir: path.join(scratch, 'extensions'), args: ['--reconnection-grace-time', '1'] });
    chromiumServer = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 120_000 });
    trackGroup(chromiumServer.process(), 'chromium');
    const browser = await chromium.connect(chromiumServer.wsEndpoint(), { timeout: 60_000 });
    const page = await browser.newPage();
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`, { timeout: 120_000, waitUntil: 'domcontentloaded' });
    // The first window warms the caches; the reloads after it are measured.
    await waitFor('the first activation', () => activations(dataDir).length >= 1, 180_000);
    for (let run = 1; run <= options.runs; run++) {
      await page.reload({ timeout: 120_000, waitUntil: 'domcontentloaded' });
      const seen = await waitFor(`activation ${run}`, () => (activations(dataDir).length >= run + 1 ? activations(dataDir) : undefined), 180_000);
      const last = seen.at(-1);
      log(`run ${run}: activate() ${last.activate} ms, code load ${last.codeLoad} ms, client load ${last.client} ms`);
    }
    await browser.close().catch(() => undefined);
  } finally {
    if (chromiumServer) await stopGroup(chromiumServer.process());
    if (server) await server.stop();
    killAllGroups('SIGKILL');
  }
  const measured = activations(dataDir).slice(1);
  fs.rmSync(scratch, { recursive: true, force: true });
  const loadAfter = os.loadavg()[0];
  const total = measured.map((m) => m.activate + m.codeLoad);
  const row = [
    today(), machineSummary(), `${loadBefore.toFixed(1)}-${loadAfter.toFixed(1)}`, measured.length, spread(measured.map((m) => m.activate)),
    spread(measured.map((m) => m.codeLoad)), spread(total), spread(measured.map((m) => m.client)), `npm run bench:activation -- --runs ${options.runs}`,
  ];
  process.stdout.write(`${COLUMNS.slice(2, 8).map((c, i) => `${c}: ${row[i + 2]}`).join('\n')}\n`);
  if (!options['no-record']) {
    appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, row);
    log('recorded in bench/RESULTS.md');
  }
}

main().then(() => process.exit(0), (error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  killAllGroups('SIGKILL');
  process.exit(error instanceof UsageError ? 2 : 1);
});
