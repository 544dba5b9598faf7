import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempDir } from '../helpers/tempDir';

const ROOT = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

describe('extension packaging (npm run package)', function () {
  this.timeout(180_000);

  it('has an icon of its own: a 128x128 PNG shipped in the VSIX', () => {
    const icon = fs.readFileSync(path.join(ROOT, manifest.icon));
    assert.equal(icon.subarray(1, 4).toString(), 'PNG');
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
    assert.match(fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8'), /^!media\/\*\*$/m);
  });

  it('links nowhere made up: no example.invalid in the manifest or its scripts', () => {
    assert.doesNotMatch(JSON.stringify(manifest), /example\.invalid/);
  });

  it('packages with the package script\'s own vsce flags and no warning', () => {
    assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'extension.js')), 'dist/ is missing: run npm run build first (npm test does)');
    const script: string = manifest.scripts.package;
    const vsceArgs = script.slice(script.indexOf('vsce ') + 'vsce '.length).split(/\s+/);
    const out = path.join(makeTempDir(), 'test.vsix');
    vsceArgs.splice(vsceArgs.indexOf('--out'), 2, '--out', out);
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
    const packed = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vsce'), vsceArgs, { cwd: ROOT, encoding: 'utf8', env });
    assert.equal(packed.status, 0, `${packed.stdout}\n${packed.stderr}`);
    assert.doesNotMatch(`${packed.stdout}\n${packed.stderr}`, /WARN/i);
    assert.ok(fs.statSync(out).size > 0);
  });
});
