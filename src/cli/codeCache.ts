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

/**
 * Cache files a folder keeps: every build leaves one (1.5 MB) and nothing else removes them,
 * so each upgrade or rebuild would add one for ever. A few builds in use at once (the
 * extension's and a global install) each keep theirs; an older build that runs again
 * compiles once and writes its file anew.
 */
export const CACHE_FILES_KEPT = 8;

/** A temporary file this old was left by a run killed while writing it. */
const ABANDONED_TEMPORARY_MS = 60 * 60 * 1000;

/** Writes beside, then renames: two CLI runs at once never leave a torn cache file. */
function writeQuietly(file: string, data: Buffer): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, file);
    pruneQuietly(path.dirname(file), file);
  } catch {
    // A cache that cannot be written costs the next run its compile time, nothing else.
  }
}

/** A cache file's name (cacheFileOf), and a temporary one's (writeQuietly): a named folder may hold other files. */
const CACHE_FILE_NAME = /^[0-9a-f]{32}\.bin$/;
const TEMPORARY_FILE_NAME = /^[0-9a-f]{32}\.bin\.\d+\.tmp$/;

/** Removes all but the CACHE_FILES_KEPT newest cache files (`kept` among them), and abandoned temporaries. */
function pruneQuietly(folder: string, kept: string): void {
  const now = Date.now();
  const files: { file: string; mtimeMs: number }[] = [];
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    try {
      const { mtimeMs } = fs.statSync(file);
      if (CACHE_FILE_NAME.test(name) && file !== kept) files.push({ file, mtimeMs });
      else if (TEMPORARY_FILE_NAME.test(name) && now - mtimeMs > ABANDONED_TEMPORARY_MS) fs.rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another run's prune.
    }
  }
  files.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of files.slice(CACHE_FILES_KEPT - 1)) fs.rmSync(file, { force: true });
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
