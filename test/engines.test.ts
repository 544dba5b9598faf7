import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// semver comes with npm's tooling (@vscode/vsce and others depend on it); no types needed for two calls.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as { minVersion(range: string): { version: string } | null; satisfies(version: string, range: string): boolean };

const ROOT = path.join(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));

describe('engines: the Node range in package.json is honest', () => {
  it('every runtime dependency in the lockfile runs on the lowest Node that engines.node admits', () => {
    const floor = semver.minVersion(manifest.engines.node)!.version;
    const refusing = Object.entries(lock.packages as Record<string, { dev?: boolean; engines?: { node?: string } }>)
      .filter(([name, entry]) => name !== '' && !entry.dev && entry.engines?.node && !semver.satisfies(floor, entry.engines.node))
      .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} wants node ${entry.engines!.node}`);
    assert.deepEqual(refusing, [], `engines.node ${manifest.engines.node} (from ${floor}) is not what these runtime dependencies accept`);
  });

  it('the README states the same floor', () => {
    const floor = semver.minVersion(manifest.engines.node)!.version.split('.')[0];
    assert.match(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), new RegExp(`Node ${floor}\\+`));
  });
});
