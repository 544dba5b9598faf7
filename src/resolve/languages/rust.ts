import { type RepoLayout, joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';
import { rustTypeSyntax } from './rustTypes';

/** Calls to these produce no edge: prelude constructors and functions. */
const RUST_BUILTINS = new Set(['Some', 'Ok', 'Err', 'None', 'drop', 'Self', 'Box', 'Vec', 'String', 'Option', 'Result']);

/**
 * Rust: the package path is `<crate>/<module path>` (DESIGN §4 "crate::module as
 * crate/module"). The crate is the `[package] name` of the nearest Cargo.toml with one
 * (hyphens as underscores); the module path comes from the file under the crate:
 * `src/lib.rs` and `src/main.rs` are the crate itself, `src/a.rs` and `src/a/mod.rs`
 * are `<crate>/a`, `src/bin/x.rs` is `<crate>/bin/x`, and files outside src/ keep their
 * path (`tests/api.rs` is `<crate>/tests/api`). Without a Cargo.toml the file path
 * without `.rs` stands in.
 *
 * Imports (`crate::a::B`, `super::x`, `self::y::*`, `other_crate::m::f`, and 2018-style
 * paths starting at a child module) are followed the way rustc finds module files, and
 * point at the longest prefix that is a module file; the rest names an item in it.
 * Paths into other crates of the workspace resolve by crate name, anything else is
 * outside the repo: `std::collections::HashMap` is the external module
 * `std/collections`.
 */
export function rustResolver(layout: RepoLayout): LanguageResolver {
  const crates = new Crates(layout);

  function packagePath(file: string): string {
    const crate = crates.crateOf(file);
    if (!crate) return moduleFromPath(file);
    const module = moduleFromPath(file.slice(crate.dir === '' ? 0 : crate.dir.length + 1).replace(/^src\//, ''));
    return module === '' ? crate.name : `${crate.name}/${module}`;
  }

  /** A module file for `segments` under `dir`: `dir/a/b.rs` or `dir/a/b/mod.rs`. */
  function moduleFile(dir: string, segments: readonly string[]): string | undefined {
    const base = joinPath(dir, segments.join('/'));
    return [`${base}.rs`, `${base}/mod.rs`].find((candidate) => layout.files.has(candidate));
  }

  /** Where a path starts: the directory its child modules live in, and that module. */
  function startOf(parts: readonly string[], fromFile: string): { dir: string; module: string; rest: readonly string[] } | undefined {
    const head = parts[0]!;
    if (head === 'crate') {
      const dir = crates.rootDirOf(fromFile);
      return { dir, module: rootModule(dir, fromFile), rest: parts.slice(1) };
    }
    if (head === 'self' || head === 'super') {
      let dir = childDirOf(fromFile);
      let module = packagePath(fromFile);
      let at = head === 'self' ? 1 : 0;
      const root = crates.rootDirOf(fromFile);
      for (; parts[at] === 'super'; at++) {
        if (dir === root || dir === '') return undefined;
        dir = parentDir(dir);
        module = dir === root ? rootModule(dir, fromFile) : moduleOfDir(dir) ?? module;
      }
      return { dir, module, rest: parts.slice(at) };
    }
    const ownChildren = childDirOf(fromFile);
    if (moduleFile(ownChildren, [head])) return { dir: ownChildren, module: packagePath(fromFile), rest: parts };
    const crate = crates.byName(head);
    if (crate) {
      const dir = joinPath(crate.dir, 'src');
      return { dir, module: rootModule(dir, fromFile), rest: parts.slice(1) };
    }
    return undefined;
  }

  function rootModule(rootDir: string, fromFile: string): string {
    const rootFile = ['lib.rs', 'main.rs'].map((name) => joinPath(rootDir, name)).find((f) => layout.files.has(f));
    if (rootFile) return packagePath(rootFile);
    return parentDir(fromFile) === rootDir ? packagePath(fromFile) : crates.crateOf(fromFile)?.name ?? moduleFromPath(rootDir);
  }

  function moduleOfDir(dir: string): string | undefined {
    const file = [`${dir}.rs`, `${dir}/mod.rs`].find((f) => layout.files.has(f));
    return file ? packagePath(file) : undefined;
  }

  return {
    packageScope: false,
    packagePath,
    // A crate with both src/lib.rs and src/main.rs: the binary's file gets a module node
    // of its own (`<crate>/main`), so the two roots do not claim one node.
    moduleNodePath: (file) => {
      const base = packagePath(file);
      return /(^|\/)main\.rs$/.test(file) && layout.files.has(joinPath(parentDir(file), 'lib.rs')) ? `${base}/main` : base;
    },
    resolveImport(source, fromFile): ImportTarget {
      const parts = source.split('::');
      const glob = parts[parts.length - 1] === '*';
      if (glob) parts.pop();
      const start = parts.length > 0 && parts[0] !== '' ? startOf(parts, fromFile) : undefined;
      if (!start) return { inRepo: false, module: externalModule(parts.filter(Boolean), glob) };
      for (let take = start.rest.length; take >= 1; take--) {
        const file = moduleFile(start.dir, start.rest.slice(0, take));
        if (file) return { inRepo: true, packagePath: packagePath(file) };
      }
      return { inRepo: true, packagePath: start.module };
    },
    isBuiltin: (name) => RUST_BUILTINS.has(name),
    typeSyntax: rustTypeSyntax,
  };
}

/** The directory a file's child modules live in (rustc's rule for `mod x;`). */
function childDirOf(file: string): string {
  const dir = parentDir(file);
  const base = file.slice(file.lastIndexOf('/') + 1);
  if (base === 'mod.rs' || base === 'lib.rs' || base === 'main.rs' || isTargetRoot(file)) return dir;
  return joinPath(dir, base.replace(/\.rs$/, ''));
}

/** Separately compiled targets whose modules sit beside them: bins, tests, examples, benches, build.rs. */
function isTargetRoot(file: string): boolean {
  return /(^|\/)src\/bin\/[^/]+\.rs$/.test(file) || /(^|\/)(tests|examples|benches)\/[^/]+\.rs$/.test(file) || /(^|\/)build\.rs$/.test(file);
}

/** `a/b.rs` and `a/b/mod.rs` are `a/b`; `lib.rs`, `main.rs` are ''; `bin/x/main.rs` is `bin/x`. */
function moduleFromPath(relative: string): string {
  const withoutExtension = relative.replace(/\.rs$/, '');
  if (withoutExtension === 'lib' || withoutExtension === 'main') return '';
  return withoutExtension.replace(/\/(mod|main)$/, '');
}

function externalModule(parts: readonly string[], glob: boolean): string {
  if (glob || parts.length <= 1) return parts.join('/');
  return parts.slice(0, -1).join('/');
}

interface Crate {
  readonly name: string;
  /** The directory holding its Cargo.toml, '' for the repo root. */
  readonly dir: string;
}

/** The crates of a repo (every Cargo.toml with a `[package]` name) and which holds a file. */
class Crates {
  private readonly byDir = new Map<string, Crate>();
  private readonly byCrateName = new Map<string, Crate>();
  private readonly ofDir = new Map<string, Crate | null>();

  constructor(layout: RepoLayout) {
    for (const file of [...layout.files].sort()) {
      if (file !== 'Cargo.toml' && !file.endsWith('/Cargo.toml')) continue;
      const name = packageNameOf(layout.readText(file) ?? '');
      if (!name) continue;
      const crate = { name: name.replace(/-/g, '_'), dir: parentDir(file) };
      this.byDir.set(crate.dir, crate);
      if (!this.byCrateName.has(crate.name)) this.byCrateName.set(crate.name, crate);
    }
  }

  crateOf(file: string): Crate | undefined {
    return this.crateOfDir(parentDir(file));
  }

  byName(name: string): Crate | undefined {
    return this.byCrateName.get(name);
  }

  /** The directory `crate::` starts from: src/, or a bin's, test's or example's own directory. */
  rootDirOf(file: string): string {
    const crate = this.crateOf(file);
    const base = crate ? crate.dir : srcAncestor(file);
    const relative = crate ? file.slice(crate.dir === '' ? 0 : crate.dir.length + 1) : file.slice(base === '' ? 0 : base.length + 1);
    const target = /^(src\/bin|tests|examples|benches)\/([^/]+)(\/)?/.exec(relative);
    if (crate && target) return joinPath(base, target[3] ? `${target[1]}/${target[2]}` : target[1]!);
    return crate ? joinPath(base, 'src') : base;
  }

  private crateOfDir(dir: string): Crate | undefined {
    const cached = this.ofDir.get(dir);
    if (cached !== undefined) return cached ?? undefined;
    const crate = this.byDir.get(dir) ?? (dir === '' ? undefined : this.crateOfDir(parentDir(dir)));
    this.ofDir.set(dir, crate ?? null);
    return crate;
  }
}

/** Without a Cargo.toml: the nearest `src` directory above the file, else the file's own. */
function srcAncestor(file: string): string {
  const at = file.lastIndexOf('src/');
  return at >= 0 && (at === 0 || file[at - 1] === '/') ? file.slice(0, at + 3) : parentDir(file);
}

/** `name` in the `[package]` section of a Cargo.toml. */
function packageNameOf(toml: string): string | undefined {
  let section = '';
  for (const line of toml.split('\n')) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) {
      section = header[1]!.trim();
      continue;
    }
    const name = section === 'package' ? /^\s*name\s*=\s*["']([^"']+)["']/.exec(line) : null;
    if (name) return name[1];
  }
  return undefined;
}
