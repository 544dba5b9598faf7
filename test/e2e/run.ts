// The real-VS-Code tests (npm run test:e2e, after npm run package):
// 1. the mocha suite hostSuite.ts inside the real extension host of code-server, with the
//    VSIX installed and a fixture workspace open in headless Chromium;
// 2. the same window driven as a person would: Index Workspace from the command palette,
//    the status bar, each view and panel, with screenshots saved as test artefacts.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { type Frame, type Page, chromium } from 'playwright-core';
import { ROOT, gitWorkspace, installCodeServer, installVsix, startCodeServer } from './codeServer';

const ARTEFACTS = path.join(ROOT, 'test', '.tmp', 'e2e-artefacts');
const VSIX = path.join(ROOT, 'code-knowledge-graph.vsix');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Check {
  readonly title: string;
  readonly ok: boolean;
  readonly detail?: string;
}

async function main(): Promise<number> {
  if (!fs.existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  fs.rmSync(ARTEFACTS, { recursive: true, force: true });
  fs.mkdirSync(ARTEFACTS, { recursive: true });
  const install = installCodeServer();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-e2e-'));
  const suite = path.join(ROOT, 'test', '.tmp', 'e2e', 'hostSuite.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'hostSuite.ts')], outfile: suite, bundle: true, platform: 'node', target: 'node20', format: 'cjs',
    external: ['vscode', 'mocha'], logLevel: 'warning',
  });
  const workspace = gitWorkspace(path.join(ROOT, 'test', 'fixtures', 'workspaces', 'ts-app'), path.join(scratch, 'ts-app'));
  const extensionsDir = path.join(scratch, 'extensions');
  installVsix(install, extensionsDir, VSIX);
  const resultFile = path.join(scratch, 'host-results.json');
  const server = await startCodeServer(install, {
    dataDir: path.join(scratch, 'data'), extensionsDir, env: { CKG_HOST_TESTS: suite, CKG_HOST_TESTS_RESULT: resultFile },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const checks: Check[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 120_000 });
    const host = await waitForFile(resultFile, 8 * 60_000);
    for (const outcome of host.outcomes) {
      checks.push({ title: `extension host: ${outcome.title} (${outcome.ms} ms)`, ok: outcome.ok, detail: outcome.error });
    }
    fs.writeFileSync(path.join(ARTEFACTS, 'host-results.json'), JSON.stringify(host, null, 2));
    checks.push(...await driveUi(page));
  } catch (error) {
    checks.push({ title: 'e2e run', ok: false, detail: (error as Error).stack });
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
    fs.writeFileSync(path.join(ARTEFACTS, 'code-server.log'), server.log());
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  for (const check of checks) {
    process.stdout.write(`${check.ok ? '  ✔' : '  ✗'} ${check.title}\n`);
    if (!check.ok && check.detail) process.stdout.write(`${check.detail.split('\n').map((l) => `      ${l}`).join('\n')}\n`);
  }
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write(`\nscreenshots and logs: ${path.relative(ROOT, ARTEFACTS)}\n${checks.length - failed} passed, ${failed} failed\n`);
  return failed === 0 && checks.length > 0 ? 0 : 1;
}

async function waitForFile(file: string, timeoutMs: number): Promise<{ outcomes: Array<{ title: string; ok: boolean; ms: number; error?: string }>; facts: unknown }> {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the extension-host suite wrote no results in ${timeoutMs / 1000} s (did the extension activate?)`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(result.outcomes)) throw new Error(`the extension-host suite failed to run: ${result.error ?? JSON.stringify(result)}`);
  return result;
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 20_000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
}

async function check(title: string, work: () => Promise<string | void>): Promise<Check> {
  try {
    const detail = await work();
    return { title, ok: true, detail: detail ?? undefined };
  } catch (error) {
    return { title, ok: false, detail: (error as Error).message };
  }
}

async function frameWith(page: Page, selector: string, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (await frame.$(selector).catch(() => null)) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function driveUi(page: Page): Promise<Check[]> {
  const shot = (name: string) => page.screenshot({ path: path.join(ARTEFACTS, `${name}.png`) });
  const checks: Check[] = [];
  checks.push(await check('UI: Index Workspace from the command palette updates the status bar', async () => {
    await runCommand(page, 'Code Graph: Index Workspace');
    const item = page.locator('.statusbar-item', { hasText: 'Code Graph:' }).first();
    await item.waitFor({ timeout: 60_000 });
    await page.locator('.statusbar-item', { hasText: /Code Graph: \d+ files · \d+ symbols · \d+ edges/ }).first().waitFor({ timeout: 60_000 });
    await shot('01-status-bar');
    return (await item.textContent()) ?? '';
  }));
  checks.push(await check('UI: the Code Graph container shows Blast Radius, Dead Routes and Communities', async () => {
    // Clicking the container's icon when it is already shown would hide it.
    if (!(await page.locator('.pane-header', { hasText: 'Blast Radius' }).first().isVisible())) {
      await page.locator('.activitybar [aria-label^="Code Graph"]').first().click();
    }
    for (const name of ['Blast Radius', 'Dead Routes', 'Communities']) {
      await page.locator('.pane-header', { hasText: name }).first().waitFor({ timeout: 30_000 });
    }
    await page.locator('.monaco-list-row', { hasText: 'GET /status' }).first().waitFor({ timeout: 30_000 });
    await shot('02-views');
  }));
  checks.push(await check('UI: Show Blast Radius from the palette on a chosen symbol', async () => {
    await runCommand(page, 'Code Graph: Show Blast Radius');
    const input = page.locator('.quick-input-widget input');
    await input.fill('helper');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'helper' }).first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('Enter');
    await page.locator('.monaco-list-row', { hasText: 'depth 1' }).first().waitFor({ timeout: 30_000 });
    await shot('03-blast-radius');
  }));
  checks.push(await check('UI: Open Trace Stats renders the chart panel', async () => {
    await runCommand(page, 'Code Graph: Open Trace Stats');
    const frame = await frameWith(page, '#totals');
    await frame.waitForSelector('canvas#byType');
    await shot('04-trace-stats');
    return (await frame.textContent('#totals')) ?? '';
  }));
  checks.push(await check('UI: Open Impact renders the impact panel', async () => {
    await runCommand(page, 'Code Graph: Open Impact');
    const frame = await frameWith(page, '#empty, #risk', 120_000);
    await shot('05-impact');
    return (await frame.textContent('#empty, #risk')) ?? '';
  }));
  return checks;
}

main().then((code) => process.exit(code), (error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
