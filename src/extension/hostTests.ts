import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ExtensionApi } from './main';

/**
 * The extension-host test hook. VS Code's server (code-server) ignores
 * --extensionTestsPath, so the test runner starts it with CKG_HOST_TESTS naming a
 * suite module and CKG_HOST_TESTS_RESULT a file; the suite runs here, inside the real
 * extension host, appends its progress to `<file>.progress` as tests start and finish, and
 * writes its results to the file at the end. Unset: nothing happens.
 */
export function runHostTestsIfAsked(api: ExtensionApi): void {
  const suite = process.env.CKG_HOST_TESTS;
  const resultFile = process.env.CKG_HOST_TESTS_RESULT;
  if (!suite || !resultFile) return;
  setTimeout(() => {
    const write = (result: unknown): void => fs.writeFileSync(resultFile, JSON.stringify(result, null, 2));
    try {
      // The suite is outside the bundle, loaded by absolute path at run time.
      const { run } = require(suite) as { run(vscodeApi: typeof vscode, extensionApi: ExtensionApi, progressFile: string): Promise<unknown> };
      run(vscode, api, `${resultFile}.progress`).then(write, (error: Error) => write({ failures: 1, error: error.stack ?? error.message }));
    } catch (error) {
      write({ failures: 1, error: (error as Error).stack ?? String(error) });
    }
  }, 0);
}
