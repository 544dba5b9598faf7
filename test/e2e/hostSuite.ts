// Runs INSIDE the real extension host (code-server), loaded by src/extension/hostTests.ts.
// `vscode` and the extension's API are passed in; this file never imports 'vscode' at run time.
// Every wait is bounded: each test has a mocha timeout, each await on the editor or the
// server has its own limit (within/eventually), a timed-out test's polling stops when the
// next test starts, and a watchdog writes the results when the whole suite runs too long.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Mocha from 'mocha';
import type * as vscodeApi from 'vscode';
import type { ExtensionApi } from '../../src/extension/main';
import { NO_TRACE_DATA } from '../../src/extension/views/viewModels';
import type { BlastCallersResult } from '../../src/server/protocol';

interface Outcome {
  readonly title: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly error?: string;
}

/** The whole suite; the runner (run.ts) waits a little longer as a backstop. */
const SUITE_BUDGET_MS = 7 * 60_000;

/** Aborted when a test ends (passed, failed or timed out), so its waits stop polling. */
let testSignal = new AbortController().signal;

/** Waits until `probe` gives a value (not undefined or false), polling, for at most `timeoutMs`. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 40_000): Promise<T> {
  const signal = testSignal;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    if (signal.aborted) throw new Error(`stopped waiting for ${what}: the test ended`);
    try {
      const value = await within(Math.max(1000, deadline - Date.now()), what, Promise.resolve(probe()));
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One await on the editor or the server, for at most `ms`. */
async function within<T>(ms: number, what: string, work: Thenable<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve(work),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function run(vscode: typeof vscodeApi, api: ExtensionApi, progressFile?: string): Promise<unknown> {
  // Above every inner wait (eventually: 40 s, within: 30 s), so a failure names what it waited for.
  const mocha = new Mocha({ ui: 'bdd', timeout: 90_000 });
  mocha.suite.emit('pre-require', globalThis, 'hostSuite', mocha);
  const facts: Record<string, unknown> = { activationMs: api.activationMs, codeLoadMs: api.codeLoadMs };
  const progress = (line: unknown): void => {
    if (progressFile) fs.appendFileSync(progressFile, `${JSON.stringify(line)}\n`);
  };
  let controller = new AbortController();
  beforeEach(() => {
    controller = new AbortController();
    testSignal = controller.signal;
  });
  afterEach(() => controller.abort());
  define(vscode, api, facts);
  const outcomes: Outcome[] = [];
  const record = (outcome: Outcome): void => {
    outcomes.push(outcome);
    progress({ outcome });
  };
  let running: string | undefined;
  await new Promise<void>((resolve) => {
    const before = new Set([...process.listeners('uncaughtException'), ...process.listeners('unhandledRejection')]);
    const watchdog = setTimeout(() => {
      controller.abort();
      record({ title: 'the suite finished', ok: false, ms: SUITE_BUDGET_MS, error: `still running after ${SUITE_BUDGET_MS / 1000} s: ${running ?? 'between tests'}` });
      runner.abort();
      resolve();
    }, SUITE_BUDGET_MS);
    const runner = mocha.run(() => {
      clearTimeout(watchdog);
      resolve();
    });
    ignoreOfflineNoise(before);
    runner.on('test', (test) => {
      running = test.fullTitle();
      progress({ started: running });
    });
    runner.on('pass', (test) => record({ title: test.fullTitle(), ok: true, ms: test.duration ?? 0 }));
    runner.on('fail', (test, error: Error) => record({ title: test.fullTitle(), ok: false, ms: test.duration ?? 0, error: error.stack ?? error.message }));
  });
  return { passes: outcomes.filter((o) => o.ok).length, failures: outcomes.filter((o) => !o.ok).length, outcomes, facts };
}

/**
 * VS Code's own telemetry and marketplace calls fail on this offline machine with
 * ENOTFOUND, as uncaught errors in the extension host; mocha would pin them on whichever
 * test runs. Those alone are dropped; every other uncaught error still fails the test.
 */
function ignoreOfflineNoise(before: Set<unknown>): void {
  const offline = (error: unknown): boolean => {
    const e = error as { code?: string; message?: string } | undefined;
    return e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN' || /getaddrinfo (ENOTFOUND|EAI_AGAIN)/.test(e?.message ?? '');
  };
  type Listener = (...args: unknown[]) => void;
  const events = process as unknown as { listeners(e: string): Listener[]; removeListener(e: string, l: Listener): void; on(e: string, l: Listener): void };
  for (const event of ['uncaughtException', 'unhandledRejection']) {
    for (const listener of events.listeners(event).filter((l) => !before.has(l))) {
      events.removeListener(event, listener);
      events.on(event, (error: unknown, ...rest: unknown[]) => {
        if (!offline(error)) listener(error, ...rest);
      });
    }
  }
}

function define(vscode: typeof vscodeApi, api: ExtensionApi, facts: Record<string, unknown>): void {
  const ext = api.extension;
  const client = ext.client;
  const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const command = <T>(name: string, ...args: unknown[]): Promise<T> =>
    within(60_000, `command ${name}`, vscode.commands.executeCommand<T>(`codeKnowledgeGraph.${name}`, ...args));
  /** The one symbol whose qualified name ends with `.name` (`helper`, `Service.run`). */
  const symbol = async (name: string) => {
    const found = (await within(30_000, `symbols named ${name}`, client.symbolsByName(name))).filter((s) => s.qualifiedName.endsWith(`.${name}`));
    assert.equal(found.length, 1, `one symbol ${name} in the graph, got ${found.map((s) => s.qualifiedName).join(', ') || 'none'}`);
    return found[0];
  };

  describe('activation and indexing', () => {
    it('activates, measures activation, and starts the graph server', async () => {
      assert.equal(typeof api.activationMs, 'number');
      await within(60_000, 'the graph server start', api.serverStarted);
      assert.equal(client.running, true);
    });

    it('indexes the workspace folder on open, with counts in the status', async () => {
      const status = await eventually('an indexed workspace', async () => {
        const s = await client.fetchStatus();
        return s.state === 'ready' && s.repos.length === 1 && s.repos[0].files > 0 ? s : undefined;
      });
      assert.equal(status.repos[0].files, 4);
      assert.ok(status.repos[0].nodes > 5);
      facts.status = status;
    });

    it('Index Workspace re-indexes incrementally and persists the graph to storageUri', async () => {
      const status = await command<{ state: string; repos: Array<{ files: number }> }>('indexWorkspace');
      assert.equal(status.state, 'ready');
      await eventually('the saved graph file', () => fs.existsSync(path.join(ext.context.storageUri!.fsPath, 'graph.sqlite')));
    });

    it('re-indexes a file on Re-index File, and files renamed and deleted in the editor', async function () {
      this.timeout(150_000);
      const extra = vscode.Uri.file(path.join(folder, 'src', 'extra.ts'));
      await within(30_000, 'write extra.ts', vscode.workspace.fs.writeFile(extra, Buffer.from('export function extraThing(): number { return 1; }\n')));
      await command('reindexFile', extra);
      await eventually('extraThing indexed', async () => (await client.symbolsByName('extraThing')).length === 1);
      const renamed = vscode.Uri.file(path.join(folder, 'src', 'renamed.ts'));
      const rename = new vscode.WorkspaceEdit();
      rename.renameFile(extra, renamed);
      assert.ok(await within(30_000, 'rename extra.ts', vscode.workspace.applyEdit(rename)));
      await eventually('the renamed file indexed', async () => {
        const found = await client.symbolsByName('extraThing');
        return found.length === 1 && found[0].path.endsWith('renamed.ts');
      });
      // Deleted as the explorer or a refactoring does (onDidDeleteFiles). A plain disk delete
      // right after the rename could reach the file watcher in one batch with the rename's
      // "created", which VS Code's event coalescing cancels out; the next test covers disk changes.
      const remove = new vscode.WorkspaceEdit();
      remove.deleteFile(renamed);
      assert.ok(await within(30_000, 'delete renamed.ts', vscode.workspace.applyEdit(remove)));
      await eventually('the deleted file gone', async () => (await client.symbolsByName('extraThing')).length === 0);
    });

    it('re-indexes a file saved in the editor', async function () {
      this.timeout(120_000);
      const document = await within(30_000, 'open routes.ts', vscode.workspace.openTextDocument(path.join(folder, 'src', 'routes.ts')));
      const editor = await within(30_000, 'show routes.ts', vscode.window.showTextDocument(document));
      const end = document.lineAt(document.lineCount - 1).range.end;
      const added = '\nexport function savedInEditor(): number { return 3; }\n';
      assert.ok(await within(30_000, 'type in routes.ts', Promise.resolve(editor.edit((e) => e.insert(end, added)))));
      assert.ok(await within(30_000, 'save routes.ts', Promise.resolve(document.save())));
      await eventually('the saved function indexed', async () => (await client.symbolsByName('savedInEditor')).length === 1);
      const start = document.positionAt(document.getText().indexOf(added));
      assert.ok(await within(30_000, 'undo the typing', Promise.resolve(editor.edit((e) => e.delete(new vscode.Range(start, document.positionAt(document.getText().length)))))));
      assert.ok(await within(30_000, 'save routes.ts again', Promise.resolve(document.save())));
      await eventually('the removed function gone', async () => (await client.symbolsByName('savedInEditor')).length === 0);
    });

    it('re-indexes files created and deleted on disk by other tools (the file watcher)', async function () {
      this.timeout(120_000);
      const external = path.join(folder, 'src', 'external.ts');
      fs.writeFileSync(external, 'export function writtenByGit(): number { return 2; }\n');
      await eventually('a file created on disk indexed', async () => (await client.symbolsByName('writtenByGit')).length === 1);
      fs.rmSync(external);
      await eventually('a file deleted on disk gone', async () => (await client.symbolsByName('writtenByGit')).length === 0);
    });
  });

  describe('snapshots', () => {
    it('a commit moves HEAD: the graph server indexes the folder again into a snapshot of the new commit', async () => {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=e2e@example.invalid', '-c', 'user.name=e2e', ...args], { cwd: folder })
        .toString().trim();
      fs.writeFileSync(path.join(folder, 'src', 'committed.ts'), 'export function committedThing(): number { return 5; }\n');
      git('add', 'src/committed.ts');
      git('commit', '-qm', 'committed in the e2e run');
      const head = git('rev-parse', 'HEAD');
      const status = await eventually('a snapshot of the new commit', async () => {
        const s = await client.fetchStatus();
        return s.state === 'ready' && s.repos[0].commit === head && !s.repos[0].dirty ? s : undefined;
      });
      assert.equal(status.repos[0].files, 5);
      assert.equal((await client.symbolsByName('committedThing')).length, 1);
    });
  });

  describe('enrichment through the editor', () => {
    it('upgrades ast_inferred call edges to lsp_resolved and adds edges only the language server finds, once TypeScript answers', async function () {
      this.timeout(260_000);
      // Nothing is re-triggered here: enrichment that ran while the TypeScript service was
      // still loading (null or empty answers where the static pass had a target) is retried
      // by the server until the service answers.
      await within(30_000, 'open main.ts', vscode.window.showTextDocument(vscode.Uri.file(path.join(folder, 'src', 'main.ts'))));
      const run = await symbol('Service.run');
      await eventually('an lsp_resolved caller of Service.run (main, linked only by the language server)', async () => {
        const result = await client.tool<{ ByRepo: Record<string, Array<{ Caller: { QualifiedName: string }; Provenance: Array<{ Source: string }> }>> }>(
          'blast_radius', { target_hash: run.nodeHash });
        const callers = Object.values(result.ByRepo).flat();
        return callers.some((c) => c.Caller.QualifiedName.endsWith('.main') && c.Provenance.some((p) => p.Source === 'lsp_resolved'));
      }, 180_000);
      const helper = await symbol('helper');
      const direct = await eventually('every direct caller of helper confirmed as lsp_resolved', async () => {
        const result = await client.tool<{ ByRepo: Record<string, Array<{ Caller: { QualifiedName: string }; Depth: number; Provenance: Array<{ Source: string }> }>> }>(
          'blast_radius', { target_hash: helper.nodeHash });
        const callers = Object.values(result.ByRepo).flat().filter((c) => c.Depth === 1);
        return callers.length > 0 && callers.every((c) => c.Provenance[0].Source === 'lsp_resolved') ? callers : undefined;
      }, 60_000);
      assert.deepEqual(direct.map((c) => c.Caller.QualifiedName.split('.').slice(-1)[0]).sort(), ['format', 'run']);
      facts.enrichment = await within(30_000, 'the enrichment report', client.enrichmentReport());
    });

    it('does not enrich from a document with unsaved changes, and does once it is saved or reverted', async function () {
      this.timeout(180_000);
      const util = vscode.Uri.file(path.join(folder, 'src', 'util.ts'));
      const service = path.join(folder, 'src', 'service.ts');
      const helper = await symbol('helper');
      /** Provenance of Service.run -> helper, a call from service.ts into util.ts. */
      const provenanceOfRunCalls = async (): Promise<string[]> => {
        const blast = await client.tool<{ ByRepo: Record<string, Array<{ Caller: { QualifiedName: string }; Depth: number; Provenance: Array<{ Source: string }> }>> }>(
          'blast_radius', { target_hash: helper.nodeHash });
        return Object.values(blast.ByRepo).flat().filter((c) => c.Depth === 1 && c.Caller.QualifiedName.endsWith('Service.run')).map((c) => c.Provenance[0].Source);
      };
      // Four lines typed at the top of util.ts, not saved: in the editor helper moves to line 6,
      // where the saved text (the graph's) has format, so a trusted answer would link the wrong node.
      const editor = await within(30_000, 'open util.ts', vscode.window.showTextDocument(util));
      assert.ok(await within(30_000, 'type in util.ts', Promise.resolve(editor.edit((e) => e.insert(new vscode.Position(0, 0), '// 1\n// 2\n// 3\n// 4\n')))));
      assert.equal(editor.document.isDirty, true);
      // service.ts changes on disk: re-indexed, its calls into util.ts are static again and are asked about.
      const original = fs.readFileSync(service, 'utf8');
      fs.writeFileSync(service, `${original}// touched\n`);
      await eventually('service.ts re-indexed with static calls into util.ts', async () => {
        const sources = await provenanceOfRunCalls();
        return sources.length > 0 && sources.every((p) => p === 'ast_inferred');
      });
      await within(60_000, 'enrichment to settle', client.enrichmentReport());
      assert.deepEqual(await provenanceOfRunCalls(), ['ast_inferred'], 'no edge enriched from positions in an unsaved buffer');
      await within(30_000, 'revert util.ts', vscode.commands.executeCommand('workbench.action.files.revert'));
      assert.equal(editor.document.isDirty, false);
      await eventually('the call into util.ts confirmed once util.ts is saved text again', async () => {
        const sources = await provenanceOfRunCalls();
        return sources.length > 0 && sources.every((p) => p === 'lsp_resolved');
      }, 120_000);
      fs.writeFileSync(service, original);
    });
  });

  describe('enrichment in a language with no language server', () => {
    it('Go with no Go extension: probed, skipped with one line in the output channel, named in the enrichment report, never asked', async function () {
      this.timeout(120_000);
      const tools = path.join(folder, 'tools');
      const files: Record<string, string> = {
        // No `main`: later tests pick the workspace's one symbol named main.
        'main.go': 'package tools\n\nfunc helperGo() int { return 1 }\n\nfunc runGo() int { return helperGo() }\n',
        'util.go': 'package tools\n\nfunc other() int { return helperGo() }\n',
      };
      fs.mkdirSync(tools, { recursive: true });
      const written = Date.now();
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(tools, name), text);
      try {
        await eventually('the Go files indexed', async () => (await client.symbolsByName('helperGo')).length === 1);
        const report = await eventually('go named in the enrichment report as skipped', async () => {
          const r = await within(60_000, 'the enrichment report', client.enrichmentReport());
          return r.withoutServer.some((l) => l.language === 'go') ? r : undefined;
        });
        facts.noServerSeconds = (Date.now() - written) / 1000;
        assert.deepEqual(report.withoutServer, [{ language: 'go', files: 2, hint: 'Go: the Go extension (with gopls)' }]);
        assert.ok(!report.lines.some((line) => line.startsWith('go ')), `no Go file was asked about:\n${report.lines.join('\n')}`);
        // The server's log reaches the Code Graph output channel, which VS Code writes to the extension's log folder.
        const channel = path.join(ext.context.logUri.fsPath, 'Code Graph.log');
        const said = await eventually('the one line in the Code Graph output channel', () => {
          const lines = fs.existsSync(channel) ? fs.readFileSync(channel, 'utf8').split('\n').filter((l) => l.includes('no language server answers for')) : [];
          return lines.length > 0 ? lines : undefined;
        });
        assert.equal(said.length, 1, said.join('\n'));
        assert.match(said[0], /enrichment: no language server answers for go \(2 files keep their static edges\); install one \(Go: the Go extension \(with gopls\)\)/);
        // A save of a Go file is not asked about either.
        fs.appendFileSync(path.join(tools, 'util.go'), '\nfunc moreGo() int { return other() }\n');
        await eventually('the saved Go file indexed', async () => (await client.symbolsByName('moreGo')).some((s) => s.path.endsWith('util.go')));
        const after = await within(60_000, 'the enrichment report', client.enrichmentReport());
        assert.ok(!after.lines.some((line) => line.startsWith('go ')), after.lines.join('\n'));
        assert.equal(fs.readFileSync(channel, 'utf8').split('\n').filter((l) => l.includes('no language server answers for')).length, 1);
      } finally {
        // File by file: the file watcher reports a deleted folder as one path, not its files.
        for (const name of Object.keys(files)) fs.rmSync(path.join(tools, name), { force: true });
      }
      await eventually('the Go files gone from the graph', async () => (await client.symbolsByName('helperGo')).length === 0);
      fs.rmSync(tools, { recursive: true, force: true });
    });
  });

  describe('commands and views', () => {
    it('Show Blast Radius fills the Blast Radius view by depth, short names first, its header counting what blast_radius counts', async () => {
      const helper = await symbol('helper');
      const result = await command<BlastCallersResult>('showBlastRadius', helper.nodeHash);
      const tool = await within(30_000, 'blast_radius', client.tool<{ TotalCount: number }>('blast_radius', { target_hash: helper.nodeHash }));
      assert.equal(result.totalCount, tool.TotalCount);
      assert.ok(result.totalCount >= 2 && !result.truncated);
      const groups = ext.blastRadius.snapshot();
      assert.equal(groups[0].depth, 1);
      assert.equal(groups.reduce((n, g) => n + g.count, 0), result.totalCount);
      assert.deepEqual(groups[0].callers.map((c) => c.label).sort(), ['Service.run', 'format']);
      assert.ok(groups.every((g) => g.callers.every((c) => !c.label.includes('://') && /^src\/\w+ · confidence \d\.\d\d · /.test(c.description))), JSON.stringify(groups));
      assert.equal(ext.blastRadius.header, `${result.totalCount} callers of helper in ${groups.length} level${groups.length === 1 ? '' : 's'} (up to depth 5). Expand a depth; "load more" shows the next 100.`);
      assert.equal(ext.blastRadius.view?.description, 'helper · src/util');
      assert.equal(ext.blastRadius.view?.message, ext.blastRadius.header);
      assert.equal(ext.blastRadius.verdictRow()?.label, result.verdict.text, 'the verdict row comes first');
    });

    it('the call hierarchy comes from the graph: callers and callees with confidence, provenance and every call site', async () => {
      const util = await within(30_000, 'open util.ts', vscode.workspace.openTextDocument(vscode.Uri.file(path.join(folder, 'src', 'util.ts'))));
      const item = await within(30_000, 'prepare', ext.callHierarchy.prepareCallHierarchy(util, new vscode.Position(1, 17)));
      assert.deepEqual([item?.name, item?.detail, item?.tooltip], ['helper', 'src/util', (await symbol('helper')).qualifiedName]);
      const source = new vscode.CancellationTokenSource();
      const incoming = await within(30_000, 'incoming calls', ext.callHierarchy.provideCallHierarchyIncomingCalls(item!));
      assert.deepEqual(incoming.map((c) => c.from.name).sort(), ['Service.run', 'format']);
      for (const call of incoming) assert.match(call.from.detail ?? '', /^src\/\w+ · confidence \d\.\d\d · (lsp_resolved|ast_resolved|ast_inferred)/);
      const format = incoming.find((c) => c.from.name === 'format')!;
      assert.equal(format.from.uri.fsPath, util.uri.fsPath);
      assert.deepEqual(format.fromRanges.map((r) => [r.start.line, util.getText(r)]), [[6, 'helper']]);
      const run = incoming.find((c) => c.from.name === 'Service.run')!;
      const runOut = await within(30_000, 'outgoing calls', ext.callHierarchy.provideCallHierarchyOutgoingCalls(run.from));
      assert.deepEqual(runOut.map((c) => c.to.name).sort(), ['format', 'helper']);
      source.dispose();

      // A language with no call hierarchy of its own (Go here, with no Go extension): the editor's command answers from the graph.
      const tools = path.join(folder, 'hier');
      fs.mkdirSync(tools, { recursive: true });
      const goFile = path.join(tools, 'hier.go');
      fs.writeFileSync(goFile, 'package hier\n\nfunc leafGo() int { return 1 }\n\nfunc rootGo() int { return leafGo() + leafGo() }\n');
      try {
        await eventually('the Go file indexed', async () => (await client.symbolsByName('leafGo')).length === 1);
        const document = await within(30_000, 'open hier.go', vscode.workspace.openTextDocument(vscode.Uri.file(goFile)));
        const items = await eventually('vscode.prepareCallHierarchy on leafGo', async () => {
          const found = await within(30_000, 'prepare', vscode.commands.executeCommand<vscodeApi.CallHierarchyItem[]>('vscode.prepareCallHierarchy', document.uri, new vscode.Position(2, 6)));
          return found && found.length > 0 ? found : undefined;
        });
        assert.equal(items[0].name, 'leafGo');
        const callers = await within(30_000, 'vscode.provideIncomingCalls', vscode.commands.executeCommand<vscodeApi.CallHierarchyIncomingCall[]>('vscode.provideIncomingCalls', items[0]));
        assert.deepEqual(callers.map((c) => c.from.name), ['rootGo']);
        assert.equal(callers[0].fromRanges.length, 2, 'both call sites');
        assert.deepEqual(callers[0].fromRanges.map((r) => document.getText(r)), ['leafGo', 'leafGo']);
      } finally {
        fs.rmSync(goFile, { force: true });
      }
      await eventually('the Go file gone from the graph', async () => (await client.symbolsByName('leafGo')).length === 0);
      fs.rmSync(tools, { recursive: true, force: true });
    });

    it('Show Callers lists transitive callers', async () => {
      const callers = await command<Array<{ Node: { QualifiedName: string } }>>('showCallers', { nodeHash: (await symbol('helper')).nodeHash }, { pick: false });
      assert.ok(callers.some((c) => c.Node.QualifiedName.endsWith('Service.run')));
    });

    it('Flow Between Symbols finds a path', async () => {
      const main = await symbol('main');
      const helper = await symbol('helper');
      const flow = await command<{ path_count: number }>('flowBetween', { source: main.qualifiedName, target: helper.qualifiedName });
      assert.ok(flow.path_count >= 1);
    });

    it('Copy Context for Task, Files and PR copy a budgeted block', async () => {
      const task = await command<{ content: string; token_count: number }>('copyContextForTask', { task: 'change how helper doubles values', budget: 2000, format: 'markdown' });
      assert.ok(task.token_count <= 2000 && task.content.includes('helper'));
      assert.equal(await within(30_000, 'the clipboard', vscode.env.clipboard.readText()), task.content);
      const files = await command<{ content: string }>('copyContextForFiles', { files: ['src/util.ts'], budget: 3000, format: 'xml' });
      assert.ok(files.content.startsWith('<'));
      const pr = await command<{ token_count: number }>('copyContextForPr', { files: ['src/service.ts'], budget: 1000, format: 'json' });
      assert.ok(pr.token_count <= 1000);
    });

    it('the Dead Routes view lists unobserved routes and explains the missing trace data', async () => {
      await within(30_000, 'Dead Routes refresh', ext.deadRoutes.refresh());
      const services = ext.deadRoutes.snapshot();
      assert.deepEqual(services.flatMap((s) => s.routes.map((r) => r.RoutePattern)).sort(), ['GET /status', 'POST /run']);
      assert.equal(ext.deadRoutes.message, NO_TRACE_DATA);
    });

    it('the Communities view lists clusters labelled by package and top symbol, unique, test code apart, and expands to members', async () => {
      await within(30_000, 'Communities refresh', ext.communities.refresh());
      const { communities, testCommunities, mode } = ext.communities.snapshot();
      assert.equal(mode, 'group');
      assert.ok(communities.length > 0 && communities[0].community.topSymbols.length > 0);
      const labels = [...communities, ...testCommunities].map((row) => row.label.label);
      assert.equal(new Set(labels).size, labels.length, labels.join(' | '));
      assert.ok(labels.every((label) => /^[\w/.-]+ · \w/.test(label) && !label.includes('://')), labels.join(' | '));
      assert.ok(communities.every((row) => row.community.testMembers * 2 < row.community.size || row.community.testMembers === 0));
      const members = await within(30_000, 'community members', client.communityMembers(communities[0].community.id));
      assert.ok(members.length > 0);
    });

    it('Open Impact shows pr_impact of the working tree vs HEAD with a risk level', async () => {
      const util = vscode.Uri.file(path.join(folder, 'src', 'util.ts'));
      const text = Buffer.from(await within(30_000, 'read util.ts', vscode.workspace.fs.readFile(util))).toString('utf8');
      await within(30_000, 'write util.ts', vscode.workspace.fs.writeFile(util, Buffer.from(text.replace('value * 2', 'value * 3'))));
      const message = await command<{ type: string; impact: { summary: { risk_level: string }; changed_symbols: Array<{ symbol: { qualified_name: string } }> } }>('openImpact', folder);
      assert.equal(message.type, 'impact', JSON.stringify(message));
      assert.ok(['low', 'medium', 'high', 'critical'].includes(message.impact.summary.risk_level));
      assert.ok(message.impact.changed_symbols.some((c) => c.symbol.qualified_name.endsWith('.helper')));
      await within(30_000, 'restore util.ts', vscode.workspace.fs.writeFile(util, Buffer.from(text)));
    });

    it('Open Impact on a folder without git says so plainly, not as a failed request', async () => {
      const bare = fs.mkdtempSync(path.join(path.dirname(folder), 'no-git-'));
      try {
        const message = await command<{ type: string; message: string }>('openImpact', bare);
        assert.equal(message.type, 'unavailable', JSON.stringify(message));
        assert.match(message.message, /is not a git repository with a commit\. Impact compares the working tree with HEAD: run `git init` and commit once, then refresh\./);
        assert.doesNotMatch(message.message, /Request ckg\/impact failed/);
      } finally {
        fs.rmSync(bare, { recursive: true, force: true });
      }
      // Back to the workspace folder for the panel the UI checks look at.
      await command('openImpact', folder);
    });

    it('Open Trace Stats shows trace_stats and runtime traffic', async () => {
      const message = await command<{ type: string; stats: { TotalEdges: number } }>('openTraceStats');
      assert.equal(message.type, 'traceStats');
      assert.equal(message.stats.TotalEdges, 0);
    });

    it('Start Trace Receiver starts the OTLP receivers on the configured endpoint; Stop stops them', async () => {
      // Port 0: the OS picks free ports, so a collector already on 4317 cannot fail the run.
      await vscode.workspace.getConfiguration('codeKnowledgeGraph').update('traceIngestion.otlpEndpoint', '127.0.0.1:0', vscode.ConfigurationTarget.Global);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const started = await command<{ running: boolean; message: string }>('startTraceReceiver');
      assert.equal(started.running, true, started.message);
      assert.match(started.message, /receiving traces: OTLP\/gRPC on 127\.0\.0\.1:\d+, OTLP\/HTTP on http:\/\/127\.0\.0\.1:\d+\/v1\/traces/);
      assert.doesNotMatch(started.message, /:4317\b/);
      const stopped = await command<{ running: boolean; message: string }>('stopTraceReceiver');
      assert.equal(stopped.running, false);
      assert.match(stopped.message, /trace receiver stopped/);
      const again = await command<{ running: boolean; message: string }>('stopTraceReceiver');
      assert.match(again.message, /not running/);
    });

    it('Show Output runs', async () => {
      await command('showOutput');
    });

    it('CodeLens shows callers and call sites (no "observed" without trace data), and refreshes with the status bar', async () => {
      const util = vscode.Uri.file(path.join(folder, 'src', 'util.ts'));
      const lenses = await eventually('code lenses', async () => {
        // The editor computes lenses on an open document only ("Illegal argument" otherwise).
        await within(30_000, 'open util.ts', vscode.workspace.openTextDocument(util));
        const found = await within(30_000, 'code lenses', vscode.commands.executeCommand<vscodeApi.CodeLens[]>('vscode.executeCodeLensProvider', util, 10));
        const ours = (found ?? []).filter((l) => l.command?.command === 'codeKnowledgeGraph.showCallers');
        return ours.length > 0 ? ours : undefined;
      });
      assert.ok(lenses.every((l) => /^\d+ callers? · \d+ call sites?$/.test(l.command!.title)), lenses.map((l) => l.command!.title).join(' | '));
      const helperLens = async (): Promise<string> => {
        const found = await within(30_000, 'code lenses', vscode.commands.executeCommand<vscodeApi.CodeLens[]>('vscode.executeCodeLensProvider', util, 10));
        return (found ?? []).find((l) => l.range.start.line === 1 && l.command?.command === 'codeKnowledgeGraph.showCallers')?.command?.title ?? '';
      };
      const before = await helperLens();
      // A new caller saved on disk: the status the status bar shows and the lenses' change event come together.
      let statuses = 0;
      let lensChanges = 0;
      const counting = [client.onStatus(() => statuses++), ext.codeLens.onDidChangeCodeLenses(() => lensChanges++)];
      const extra = path.join(folder, 'src', 'lensCaller.ts');
      try {
        fs.writeFileSync(extra, "import { helper } from './util';\nexport function lensCaller(): number { return helper(1) + helper(2); }\n");
        await eventually('a status after the save', () => statuses > 0);
        assert.ok(lensChanges >= statuses, `the lenses were told of ${lensChanges} of ${statuses} status changes`);
        const after = await eventually('the helper lens counting the new caller', async () => {
          const title = await helperLens();
          return title !== before ? title : undefined;
        });
        const count = (title: string, noun: RegExp) => Number(title.match(noun)?.[1]);
        assert.equal(count(after, /^(\d+) callers?/), count(before, /^(\d+) callers?/) + 1, `${before} -> ${after}`);
        assert.equal(count(after, / (\d+) call sites?/), count(before, / (\d+) call sites?/) + 2, `${before} -> ${after}`);
      } finally {
        counting.forEach((d) => d.dispose());
        fs.rmSync(extra, { force: true });
      }
      await eventually('lensCaller gone from the graph', async () => (await client.symbolsByName('lensCaller')).length === 0);
    });

    it('the first index was shown as a progress notification', () => {
      assert.equal(ext.firstIndex.shownTitle, 'Code Graph: indexing');
      assert.equal(ext.firstIndex.showing, false);
    });
  });

  describe('MCP registration', () => {
    it('provides the live endpoint with its bearer token, and a tool call over it works', async () => {
      const config = await command<{ http: { url: string; headers: Record<string, string> }; stdio: { args: string[] } }>('copyMcpConfig');
      assert.deepEqual(config.stdio.args.slice(0, 2), ['mcp', '-db']);
      const endpoint = client.endpoint!;
      assert.equal(config.http.url, endpoint.url);
      const source = new vscode.CancellationTokenSource();
      const provided = await within(30_000, 'MCP definitions', Promise.resolve(api.mcpProvider!.provideMcpServerDefinitions(source.token)));
      assert.equal(provided?.length, 1);
      const definition = (await within(30_000, 'MCP definition', Promise.resolve(api.mcpProvider!.resolveMcpServerDefinition!(provided![0], source.token))))!;
      assert.equal(definition.uri.toString(), endpoint.url);
      assert.deepEqual(definition.headers, { Authorization: `Bearer ${endpoint.token}` });
      const mcp = new Client({ name: 'host-suite', version: '1' });
      await within(30_000, 'MCP connect', mcp.connect(new StreamableHTTPClientTransport(new URL(definition.uri.toString()), { requestInit: { headers: definition.headers } })));
      const tools = await within(30_000, 'MCP tools/list', mcp.listTools());
      assert.equal(tools.tools.length, 22);
      const reply = await within(30_000, 'MCP graph_query', mcp.callTool({ name: 'graph_query', arguments: { prefix: (await symbol('helper')).qualifiedName } }));
      assert.equal(reply.isError, undefined);
      await within(30_000, 'MCP close', mcp.close());
      const unauthorised = await fetch(endpoint.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(30_000) });
      assert.equal(unauthorised.status, 401);
      assert.equal(typeof (vscode as { lm?: { registerMcpServerDefinitionProvider?: unknown } }).lm?.registerMcpServerDefinitionProvider, 'function');
    });
  });
}
