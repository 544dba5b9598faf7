// The window driven as a person would, after the extension-host suite: the command
// palette, the status bar, the Code Graph views and both panels, with screenshots.
import * as path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { TS_APP_TRAFFIC, sendTsAppTraffic } from './traceTraffic';

export interface Check {
  readonly title: string;
  readonly ok: boolean;
  readonly detail?: string;
}

/** No UI check may take longer than this, whatever its own waits say. */
const CHECK_BUDGET_MS = 150_000;

async function runCommand(page: Page, title: string): Promise<void> {
  const input = await openPalette(page);
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
}

/**
 * Opens the command palette and gives its input. A palette still closing after the last
 * command takes the next F1 as a toggle and closes (one UI run failed so, its input
 * "inert" and then hidden): the old one must be gone first.
 */
async function openPalette(page: Page): Promise<Locator> {
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').first().waitFor({ state: 'hidden', timeout: 20_000 });
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 20_000 });
  return input;
}

/** Opens a workspace file by name through quick open, with the cursor at `line:column` (1-based). */
async function openFileAt(page: Page, name: string, line: number, column: number): Promise<void> {
  const input = await openPalette(page);
  // Without the '>' the palette is quick open: files by name, then ':line:column' goes there.
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).first().waitFor({ timeout: 20_000 });
  await (await openPalette(page)).fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
}

async function check(title: string, work: () => Promise<string | void>): Promise<Check> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      work(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`took more than ${CHECK_BUDGET_MS / 1000} s`)), CHECK_BUDGET_MS))),
    ]);
    return { title: `${title} (${Date.now() - started} ms)`, ok: true, detail: detail ?? undefined };
  } catch (error) {
    return { title: `${title} (${Date.now() - started} ms)`, ok: false, detail: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The text of the first element matching `selector` in any webview frame. A panel that
 * re-renders replaces its frame, so a detached frame is looked for again, until the deadline.
 */
async function webviewText(page: Page, selector: string, timeoutMs: number, ready?: (frame: Frame) => Promise<unknown>): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    for (const frame of page.frames()) {
      try {
        if (!(await frame.$(selector))) continue;
        await ready?.(frame);
        return (await frame.textContent(selector, { timeout: 5000 })) ?? '';
      } catch (error) {
        last = error;
      }
    }
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function driveUi(page: Page, artefacts: string, done: (check: Check) => void): Promise<void> {
  const shot = (name: string) => page.screenshot({ path: path.join(artefacts, `${name}.png`), timeout: 30_000 });
  done(await check('UI: Index Workspace from the command palette updates the status bar', async () => {
    await runCommand(page, 'Code Graph: Index Workspace');
    const item = page.locator('.statusbar-item', { hasText: /Code Graph: \d+ files · \d+ symbols · \d+ edges/ }).first();
    await item.waitFor({ timeout: 60_000 });
    await shot('01-status-bar');
    return (await item.textContent()) ?? '';
  }));
  done(await check('UI: one Code Graph status bar item, while indexing too', async () => {
    await runCommand(page, 'Code Graph: Index Workspace');
    // Sampled while the run goes on and after it: never a second item (vscode-languageclient's progress item was one).
    let most = 0;
    for (let i = 0; i < 20; i++) {
      most = Math.max(most, await page.locator('.statusbar-item', { hasText: /Code Graph|indexing/ }).count());
      await page.waitForTimeout(100);
    }
    if (most !== 1) throw new Error(`${most} status bar items name Code Graph or indexing`);
    return `${most} item`;
  }));
  done(await check('UI: the palette offers Start Trace Receiver, not Stop, while no receiver runs', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 20_000 });
    await input.fill('>Code Graph: Trace Receiver');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Start Trace Receiver' }).first().waitFor({ timeout: 20_000 });
    const stops = await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Stop Trace Receiver' }).count();
    await page.keyboard.press('Escape');
    if (stops !== 0) throw new Error('Stop Trace Receiver is offered with no receiver running');
  }));
  done(await check('UI: the Code Graph container shows Blast Radius, Dead Routes and Communities', async () => {
    // Clicking the container's icon when it is already shown would hide it.
    if (!(await page.locator('.pane-header', { hasText: 'Blast Radius' }).first().isVisible())) {
      await page.locator('.activitybar [aria-label^="Code Graph"]').first().click({ timeout: 20_000 });
    }
    for (const name of ['Blast Radius', 'Dead Routes', 'Communities']) {
      await page.locator('.pane-header', { hasText: name }).first().waitFor({ timeout: 30_000 });
    }
    await page.locator('.monaco-list-row', { hasText: 'GET /status' }).first().waitFor({ timeout: 30_000 });
    await shot('02-views');
  }));
  done(await check('UI: Show Blast Radius from the palette on a chosen symbol', async () => {
    // With no editor the command asks for a symbol (a cursor on one would pick it instead).
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Code Graph: Show Blast Radius');
    const input = page.locator('.quick-input-widget input[placeholder^="Blast radius of which symbol"]');
    await input.waitFor({ state: 'visible', timeout: 20_000 });
    await input.fill('helper');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'helper' }).first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('Enter');
    await page.locator('.monaco-list-row', { hasText: 'depth 1' }).first().waitFor({ timeout: 30_000 });
    // The header counts the callers; rows name the symbol first, then its package.
    const header = page.locator('.pane-body', { hasText: /\d+ callers of helper in \d+ levels? \(up to depth 5\)/ }).first();
    await header.waitFor({ timeout: 30_000 });
    await page.locator('.monaco-list-row', { hasText: /format\s*src\/util · confidence/ }).first().waitFor({ timeout: 30_000 });
    await shot('03-blast-radius');
  }));
  done(await check('UI: Open Trace Stats with no trace data explains how to get some, with no empty charts', async () => {
    await runCommand(page, 'Code Graph: Open Trace Stats');
    const empty = await webviewText(page, '#empty', 60_000);
    if (!/No runtime trace data yet/.test(empty) || !/Start Trace Receiver/.test(empty)) throw new Error(`empty state reads: ${empty}`);
    for (const frame of page.frames()) {
      if (await frame.$('#empty').catch(() => null) && await frame.$('canvas').catch(() => null)) throw new Error('charts drawn with no data');
    }
    await shot('04-trace-stats');
    return empty;
  }));
  done(await check('UI: Open Impact renders the impact panel', async () => {
    await runCommand(page, 'Code Graph: Open Impact');
    const text = await webviewText(page, '#empty, #risk', 120_000);
    await shot('05-impact');
    return text;
  }));
  done(await check('UI: Show Call Hierarchy on helper lists its callers from the graph, with confidence and provenance', async () => {
    await makeRoomForShots(page);
    await openFileAt(page, 'util.ts', 2, 17);
    await runCommand(page, 'Calls: Show Call Hierarchy');
    const row = (text: RegExp) => page.locator('.monaco-list-row', { hasText: text }).filter({ visible: true }).first();
    await row(/^\s*format\s*src\/util · confidence/).waitFor({ timeout: 30_000 });
    await row(/^\s*Service\.run\s*src\/service · confidence/).locator('.monaco-tl-twistie').click({ timeout: 20_000 });
    await row(/^\s*main\s*src\/main · confidence/).locator('.monaco-tl-twistie').click({ timeout: 20_000 });
    await row(/^\s*runNow\s*src\/routes · confidence/).waitFor({ timeout: 30_000 });
    await shot('06-call-hierarchy');
  }));
  done(await check('UI: Trace Stats draws its charts once the trace receiver got spans from the OTel SDK', async () => {
    await runCommand(page, 'Code Graph: Start Trace Receiver');
    const toast = page.locator('.notification-list-item-message', { hasText: /OTLP\/HTTP on http:\/\/[\d.]+:\d+\/v1\/traces/ }).first();
    await toast.waitFor({ timeout: 30_000 });
    const httpAddress = /OTLP\/HTTP on http:\/\/([\d.]+:\d+)\/v1\/traces/.exec((await toast.textContent()) ?? '')![1];
    await sendTsAppTraffic(httpAddress);
    await runCommand(page, 'Code Graph: Open Trace Stats');
    // Spans reach the graph with the receiver's next batch: Refresh until ts-app's traffic
    // table counts every call the traffic made, and the charts are drawn.
    const totals = await refreshUntil(page, async (frame) => {
      const counts = await frame.$$eval('h3 + table td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent));
      const all = Object.values(TS_APP_TRAFFIC).every((n) => counts.includes(String(n)));
      return all && (await frame.$$('canvas')).length === 2 ? (await frame.textContent('#totals', { timeout: 5000 })) ?? '' : undefined;
    }, 90_000);
    await shot('07-trace-stats-data');
    return totals;
  }));
  done(await check('UI: the CodeLens above the route handlers counts callers, call sites and observed calls', async () => {
    await openFileAt(page, 'routes.ts', 10, 10);
    await page.locator('.codelens-decoration', { hasText: /\d+ callers? · \d+ call sites? · [1-9]\d* observed/ }).first().waitFor({ timeout: 60_000 });
    await shot('08-codelens');
  }));
}

/**
 * The last shots show one view and one editor each: the bottom panel and the Chat bar are
 * hidden and the side bar widened, so the call hierarchy's details are not cut off.
 */
async function makeRoomForShots(page: Page): Promise<void> {
  await runCommand(page, 'View: Hide Panel');
  await runCommand(page, 'View: Hide Secondary Side Bar');
  await page.keyboard.press('Escape');
  const sidebar = await page.locator('.part.sidebar').first().boundingBox();
  if (!sidebar) throw new Error('no side bar to widen');
  // The sash sits on the side bar's right edge.
  const [x, y] = [sidebar.x + sidebar.width, sidebar.y + sidebar.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 200, y, { steps: 10 });
  await page.mouse.up();
}

/**
 * Clicks the Trace Stats panel's Refresh until `ready` gives a value, for at most `timeoutMs`.
 * The webview may re-render or be replaced between two looks, so each look starts afresh.
 */
async function refreshUntil(page: Page, ready: (frame: Frame) => Promise<string | undefined>, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    for (const frame of page.frames()) {
      try {
        if (!(await frame.$('#totals'))) continue;
        const value = await ready(frame);
        if (value !== undefined) return value;
        last = (await frame.textContent('#totals', { timeout: 5000 })) ?? last;
        await frame.click('button', { timeout: 5000 });
      } catch {
        // A frame replaced while looked at: look again.
      }
    }
    if (Date.now() > deadline) throw new Error(`Trace Stats still reads "${last}" after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
