import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';

/**
 * Where compiled code is kept between CLI runs: `CKG_COMPILE_CACHE` names a folder, or turns
 * the cache off with `off` or `0`; by default a folder in the user's cache directory (never
 * a shared temporary folder: another user's file would be run as code).
 */
export function codeCacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const setting = env.CKG_COMPILE_CACHE;
  if (setting === 'off' || setting === '0') return undefined;
  if (setting) return path.resolve(setting);
  try {
    const base = env.XDG_CACHE_HOME || (process.platform === 'win32' ? env.LOCALAPPDATA : undefined) || path.join(os.homedir(), '.cache');
    return path.join(base, 'ckg', 'code-cache');
  } catch {
    return undefined;
  }
}

/**
 * One cache file per bundle build, Node version and architecture. The build is told by the
 * bundle's path, size, inode and modification time in nanoseconds rather than by hashing
 * its 6 MB on every start. It must be told apart: V8 checks a cache against the source's
 * length only, and would run code compiled from another build of the same length.
 */
function cacheFileOf(folder: string, bundlePath: string): string {
  const { size, mtimeNs, ino } = fs.statSync(bundlePath, { bigint: true });
  const key = createHash('sha256').update(`${bundlePath}\0${size}\0${mtimeNs}\0${ino}\0${process.version}\0${process.arch}`).digest('hex');
  return path.join(folder, `${key.slice(0, 32)}.bin`);
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes beside, then renames: two CLI runs at once never leave a torn cache file. */
function writeQuietly(file: string, data: Buffer): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, file);
  } catch {
    // A cache that cannot be written costs the next run its compile time, nothing else.
  }
}

/**
 * Runs a CommonJS bundle as `require` would, with V8's code cache: the bundle (~6 MB) is
 * compiled from the cache when one matches, and the cache is written when the process
 * exits, including the functions this run compiled. Node 22 has `module.enableCompileCache`
 * for this; Node 20, which the product supports, does not. V8 rejects a cache made under
 * other flags, by another V8 or torn, so such a file only costs a compile.
 */
export function runBundleWithCodeCache(bundlePath: string, folder: string | undefined = codeCacheFolder()): void {
  let source = fs.readFileSync(bundlePath, 'utf8');
  if (source.startsWith('#!')) source = `//${source.slice(2)}`;
  const cacheFile = folder === undefined ? undefined : cacheFileOf(folder, bundlePath);
  const cachedData = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
  // The bundle has no import() left (scripts/build.mjs turns them into require), so the
  // script needs no dynamic-import loader, which Node 20 offers only as an experiment.
  const script = new vm.Script(Module.wrap(source), { filename: bundlePath, cachedData });
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected)) {
    process.once('exit', () => writeQuietly(cacheFile, script.createCachedData()));
  }
  const bundleModule = new Module(bundlePath, require.main);
  bundleModule.filename = bundlePath;
  bundleModule.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(path.dirname(bundlePath));
  const moduleFunction = script.runInThisContext() as (...args: unknown[]) => void;
  const bundleRequire = Module.createRequire(bundlePath);
  moduleFunction.call(bundleModule.exports, bundleModule.exports, bundleRequire, bundleModule, bundlePath, path.dirname(bundlePath));
}
