/**
 * What a repository provides to other repositories: the names other code imports or
 * depends on it by, read from its manifests. The cross-repository linker matches a
 * dangling import or call in one repository against these names in the others.
 *
 * Each ecosystem is read by its own rules, and only what its manifests declare counts
 * (a name is never guessed from a folder name where the ecosystem does not name by folder):
 * - go: the `module` path of every go.mod, rooted at its folder. A path several go.mod
 *   files declare (copies of a sample or template) names no single module and is left
 *   out, as the Go resolver treats it.
 * - npm: the `name` of every package.json outside node_modules, private workspace
 *   packages included (a monorepo imports them by name). `entry` is the source file a
 *   bare import of the package loads, from the first of `source`, `types`/`typings`, the
 *   `.` entry of `exports` (conditions tried as types, import, require, default, then the
 *   rest in order), `main` and `module` that leads to TypeScript source; else, in a
 *   package whose declarations are generated into an output folder, its index.ts; else
 *   the first of those fields (not types) that leads to any file; else src/index.ts(x),
 *   index.ts(x) or index.js. A path into an output folder (dist, lib, build, out, or the
 *   tsconfig's outDir) is mapped to the source folder (the tsconfig's rootDir, else src),
 *   and a compiled extension to the source one that exists.
 * - python: top-level import packages (a folder with `__init__.py` whose parent has none)
 *   directly at the repository root, under src/, or under the folder of a pyproject.toml,
 *   setup.cfg or setup.py and its src/; and single modules named by `py-modules`
 *   (pyproject `[tool.setuptools]`, setup.cfg `[options] py_modules`, a literal list in
 *   setup.py). Namespace packages (no `__init__.py`) are not seen.
 * - pypi: the distribution name (pyproject `[project]` or `[tool.poetry]` name, setup.cfg
 *   `[metadata] name`, a lone literal `name=` in setup.py's `setup(...)`), normalised as
 *   PEP 503 says, rooted at the manifest's folder. setup.py is read, never run.
 * - maven: every pom.xml's `groupId:artifactId`, the groupId taken from `<parent>` when
 *   the project has none; `${...}` is expanded from the pom's own properties and the
 *   parent's groupId, and a project whose coordinates stay unexpanded is left out. Gradle declares no coordinates in a file this can read
 *   reliably (settings.gradle's rootProject.name is not one), so it is left out.
 * - cargo: the import name of every crate: `[lib] name`, else `[package] name` with `-`
 *   as `_`. A workspace-only Cargo.toml (no `[package]`) provides nothing itself.
 * - dotnet: every *.csproj's RootNamespace, else AssemblyName, else the file's base name
 *   (`$(MSBuildProjectName)` and `$(AssemblyName)` expanded, any other property unknown).
 *
 * A manifest that cannot be read is skipped; this never throws on repository content.
 */
import { languageRow } from '../model/languages';
import { extendsChain } from '../resolve/languages/tsconfig';
import { type RepoLayout, joinPath, parentDir } from '../resolve/layout';
import { type TomlValue, type XmlElement, readIni, readToml, readXml, xmlChild } from './manifestSyntax';

/** The package ecosystems whose manifests name what a repository provides. */
export type Ecosystem = 'go' | 'npm' | 'python' | 'pypi' | 'maven' | 'cargo' | 'dotnet';

/** One name a repository provides, and where in it the named thing lives. */
export interface ProvidedModule {
  readonly ecosystem: Ecosystem;
  /** What other code names it by: module path, package name, import name, coordinates, namespace. */
  readonly name: string;
  /** The folder inside the repository that holds it, '/'-separated, '' for the root. */
  readonly root: string;
  /** npm only: the repository file a bare import of the package loads, as source (e.g. 'packages/lib/src/index.ts'), when found. */
  readonly entry?: string;
}

/** Everything the repository's manifests say it provides, sorted by ecosystem, name and root, without duplicates. */
export function providedModules(layout: RepoLayout): ProvidedModule[] {
  const manifests = manifestsByName(layout);
  const found = [
    ...goModules(layout, manifests.get('go.mod') ?? []),
    ...npmPackages(layout, manifests.get('package.json') ?? []),
    ...pythonModules(layout, manifests),
    ...mavenProjects(layout, manifests.get('pom.xml') ?? []),
    ...cargoCrates(layout, manifests.get('Cargo.toml') ?? []),
    ...dotnetProjects(layout, manifests.get('.csproj') ?? []),
  ];
  const unique = new Map<string, ProvidedModule>();
  for (const module of found) {
    const key = `${module.ecosystem}\0${module.name}\0${module.root}`;
    if (!unique.has(key)) unique.set(key, module);
  }
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...unique.values()].sort((a, b) => order(a.ecosystem, b.ecosystem) || order(a.name, b.name) || order(a.root, b.root));
}

const MANIFEST_NAMES = new Set(['go.mod', 'package.json', 'pyproject.toml', 'setup.cfg', 'setup.py', '__init__.py', 'pom.xml', 'Cargo.toml']);

/** Manifest files by base name (every *.csproj under '.csproj'), none inside node_modules, each list sorted. */
function manifestsByName(layout: RepoLayout): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of layout.files) {
    if (`/${file}`.includes('/node_modules/')) continue;
    const base = file.slice(file.lastIndexOf('/') + 1);
    const name = MANIFEST_NAMES.has(base) ? base : base.endsWith('.csproj') && base.length > 7 ? '.csproj' : undefined;
    if (!name) continue;
    const files = byName.get(name);
    if (files) files.push(file);
    else byName.set(name, [file]);
  }
  for (const files of byName.values()) files.sort();
  return byName;
}

function goModules(layout: RepoLayout, goMods: readonly string[]): ProvidedModule[] {
  const declared = goMods.flatMap((file) => {
    const text = (layout.readText(file) ?? '').replace(/\/\/[^\n]*/g, '');
    const path = /^\s*module\s+("[^"]+"|`[^`]+`|\S+)\s*$/m.exec(text)?.[1]?.replace(/^["`]|["`]$/g, '');
    return path ? [{ ecosystem: 'go' as const, name: path, root: parentDir(file) }] : [];
  });
  const count = new Map<string, number>();
  for (const module of declared) count.set(module.name, (count.get(module.name) ?? 0) + 1);
  return declared.filter((module) => count.get(module.name) === 1);
}

// ---- npm ----------------------------------------------------------------------------

const OUTPUT_FOLDERS = ['dist', 'lib', 'build', 'out'];
const extensionsOf = (...ids: string[]): string[] => ids.flatMap((id) => Object.keys(languageRow(id)?.extensions ?? {}));
const TS_EXTENSIONS = extensionsOf('typescript', 'tsx');
const JS_EXTENSIONS = extensionsOf('javascript');
const EXPORT_CONDITIONS = ['types', 'import', 'require', 'default'];

/** A package's folder and where its compiled output comes from. */
interface NpmPackage {
  readonly dir: string;
  readonly outputFolders: readonly string[];
  readonly sourceFolder: string;
}

function npmPackages(layout: RepoLayout, packageJsons: readonly string[]): ProvidedModule[] {
  return packageJsons.flatMap((file) => {
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(layout.readText(file) ?? '') as Record<string, unknown>;
    } catch {
      return [];
    }
    if (typeof manifest !== 'object' || manifest === null || typeof manifest.name !== 'string' || !manifest.name.trim()) return [];
    const dir = parentDir(file);
    const entry = npmEntry(layout, { dir, ...compiledLayout(layout, dir) }, manifest);
    return [{ ecosystem: 'npm' as const, name: manifest.name.trim(), root: dir, ...(entry ? { entry } : {}) }];
  });
}

/** Output and source folders (package-relative) from the package's tsconfig and its `extends` chain. */
function compiledLayout(layout: RepoLayout, dir: string): Pick<NpmPackage, 'outputFolders' | 'sourceFolder'> {
  let outDir: string | undefined;
  let rootDir: string | undefined;
  for (const start of ['tsconfig.build.json', 'tsconfig.json']) {
    for (const { path, compilerOptions: options } of extendsChain(layout, joinPath(dir, start))) {
      const relative = (value: unknown): string | undefined =>
        typeof value === 'string' ? relativeTo(dir, joinPath(parentDir(path), value)) : undefined;
      outDir ??= relative(options.outDir);
      rootDir ??= relative(options.rootDir);
    }
  }
  const outputFolders = outDir && outDir !== '' ? [...OUTPUT_FOLDERS, outDir] : OUTPUT_FOLDERS;
  return { outputFolders, sourceFolder: rootDir ?? 'src' };
}

/** `path` relative to folder `dir`, or undefined when it lies outside it. */
function relativeTo(dir: string, path: string): string | undefined {
  if (dir === '') return path.startsWith('../') || path === '..' ? undefined : path === '.' ? '' : path;
  if (path === dir) return '';
  return path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : undefined;
}

/**
 * The declared entry targets are tried for TypeScript source first, in order, then for
 * any file: a TypeScript package often loads a JavaScript shim (`index.js` choosing a
 * bundle by NODE_ENV) whose source is the package's index.ts. For the same reason a
 * package whose declarations are generated into an output folder is built from
 * TypeScript, and its src/index.ts stands for the bundles no path maps back to.
 */
function npmEntry(layout: RepoLayout, pkg: NpmPackage, manifest: Record<string, unknown>): string | undefined {
  const targets = [
    [manifest.source, false], [manifest.types, true], [manifest.typings, true],
    ...exportTargets(rootExport(manifest.exports)).map((target) => [target, false] as const), [manifest.main, false], [manifest.module, false],
  ].filter((pair): pair is [string, boolean] => typeof pair[0] === 'string');
  const found = targets.map(([target, typesOnly]) => ({ file: sourceFileFor(layout, pkg, target), typesOnly }));
  const isTypeScript = (file: string | undefined): file is string => file !== undefined && TS_EXTENSIONS.some((extension) => file.endsWith(extension));
  const existing = (names: readonly string[]): string | undefined => names.map((f) => joinPath(pkg.dir, f)).find((f) => layout.files.has(f));
  const generatedDeclarations = targets.some(([target]) => /\.d\.[mc]?ts$/.test(target) && inOutputFolder(pkg, target));
  return (
    found.find(({ file }) => isTypeScript(file))?.file ??
    (generatedDeclarations ? existing(['src/index.ts', 'src/index.tsx', 'index.ts', 'index.tsx']) : undefined) ??
    found.find(({ file, typesOnly }) => file !== undefined && !typesOnly)?.file ??
    existing(['src/index.ts', 'src/index.tsx', 'index.ts', 'index.tsx', 'index.js'])
  );
}

function inOutputFolder(pkg: NpmPackage, target: string): boolean {
  const relative = joinPath('', target.replace(/^\.\//, ''));
  return pkg.outputFolders.some((output) => relative.startsWith(`${output}/`));
}

/** The `.` entry of an `exports` field: the field itself unless it maps subpaths. */
function rootExport(exports: unknown): unknown {
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return exports;
  const keys = Object.keys(exports);
  return keys.some((key) => key.startsWith('.')) ? (exports as Record<string, unknown>)['.'] : exports;
}

/** Every path a conditional export may load, in the order to try them. */
function exportTargets(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (Array.isArray(entry)) return entry.flatMap(exportTargets);
  if (typeof entry !== 'object' || entry === null) return [];
  const conditions = entry as Record<string, unknown>;
  const keys = [...EXPORT_CONDITIONS.filter((key) => key in conditions), ...Object.keys(conditions).filter((key) => !EXPORT_CONDITIONS.includes(key))];
  return keys.flatMap((key) => exportTargets(conditions[key]));
}

/** The repository source file a package-relative path in package.json stands for, if one exists. */
function sourceFileFor(layout: RepoLayout, pkg: NpmPackage, target: string): string | undefined {
  const relative = relativeTo('', joinPath('', target.replace(/^\.\//, '')));
  if (relative === undefined || relative === '' || target.startsWith('/') || target.includes('*')) return undefined;
  for (const output of pkg.outputFolders) {
    if (!relative.startsWith(`${output}/`)) continue;
    const inSource = joinPath(pkg.dir, joinPath(pkg.sourceFolder, relative.slice(output.length + 1)));
    const file = existingSource(layout, inSource, false);
    if (file) return file;
  }
  return existingSource(layout, joinPath(pkg.dir, relative), true);
}

/**
 * A file that exists for `path`, preferring TypeScript source over compiled JavaScript
 * next to it; `asIs` allows the path itself (not in an output folder). Never a .d.ts.
 */
function existingSource(layout: RepoLayout, path: string, asIs: boolean): string | undefined {
  const compiled = /(\.d)?\.[mc]?[jt]sx?$/.exec(path);
  const stem = compiled ? path.slice(0, compiled.index) : path;
  const candidates = [
    ...TS_EXTENSIONS.map((extension) => stem + extension),
    ...(asIs ? [path] : []),
    ...JS_EXTENSIONS.map((extension) => stem + extension),
    ...(compiled ? [] : [...TS_EXTENSIONS, ...JS_EXTENSIONS].map((extension) => `${path}/index${extension}`)),
  ];
  return candidates.find((file) => !file.endsWith('.d.ts') && layout.files.has(file));
}

// ---- python and pypi ----------------------------------------------------------------

const PYTHON_MANIFESTS = ['pyproject.toml', 'setup.cfg', 'setup.py'];
const PYTHON_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function pythonModules(layout: RepoLayout, manifests: ReadonlyMap<string, readonly string[]>): ProvidedModule[] {
  const projectFiles = PYTHON_MANIFESTS.flatMap((name) => manifests.get(name) ?? []);
  const bases = new Set(['', 'src']);
  for (const file of projectFiles) {
    bases.add(parentDir(file));
    bases.add(joinPath(parentDir(file), 'src'));
  }
  const found: ProvidedModule[] = [];
  for (const init of manifests.get('__init__.py') ?? []) {
    const dir = parentDir(init);
    const parent = parentDir(dir);
    const name = dir.slice(dir.lastIndexOf('/') + 1);
    if (dir !== '' && bases.has(parent) && PYTHON_IDENTIFIER.test(name) && !layout.files.has(joinPath(parent, '__init__.py'))) {
      found.push({ ecosystem: 'python', name, root: dir });
    }
  }
  for (const file of projectFiles) {
    const declared = pythonProject(file, layout.readText(file));
    if (!declared) continue;
    const dir = parentDir(file);
    if (declared.distribution) found.push({ ecosystem: 'pypi', name: pep503(declared.distribution), root: dir });
    for (const module of declared.modules.filter((m) => PYTHON_IDENTIFIER.test(m))) {
      const holder = [dir, joinPath(dir, 'src')].find((folder) => layout.files.has(joinPath(folder, `${module}.py`))) ?? dir;
      found.push({ ecosystem: 'python', name: module, root: holder });
    }
  }
  return found;
}

interface PythonProject {
  readonly distribution?: string;
  readonly modules: readonly string[];
}

function pythonProject(file: string, text: string | undefined): PythonProject | undefined {
  if (text === undefined) return undefined;
  if (file.endsWith('pyproject.toml')) {
    const toml = readToml(text);
    if (!toml) return undefined;
    return { distribution: tomlString(toml.get('project.name')) ?? tomlString(toml.get('tool.poetry.name')), modules: tomlStrings(toml.get('tool.setuptools.py-modules')) };
  }
  if (file.endsWith('setup.cfg')) {
    const ini = readIni(text);
    const modules = ini.get('options.py_modules') ?? ini.get('options.py-modules') ?? '';
    return { distribution: ini.get('metadata.name') || undefined, modules: modules.split(/[\s,]+/).filter(Boolean) };
  }
  return setupPyLiterals(text);
}

/** `name=` and `py_modules=` of setup.py's `setup(...)` call, when each is one plain literal. */
function setupPyLiterals(text: string): PythonProject {
  const call = /\bsetup\s*\(/.exec(text);
  if (!call) return { modules: [] };
  const args = text.slice(call.index);
  const names = [...args.matchAll(/\bname\s*=\s*(?:"([^"\\\n]+)"|'([^'\\\n]+)')/g)];
  const moduleLists = [...args.matchAll(/\bpy_modules\s*=\s*\[([^\]]*)\]/g)];
  const modules = moduleLists.length === 1 ? [...moduleLists[0]![1]!.matchAll(/["']([^"'\s]+)["']/g)].map((m) => m[1]!) : [];
  return { distribution: names.length === 1 ? names[0]![1] ?? names[0]![2] : undefined, modules };
}

function tomlString(value: TomlValue | undefined): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function tomlStrings(value: TomlValue | undefined): string[] {
  return Array.isArray(value) ? [...(value as readonly string[])] : [];
}

/** A distribution name as PEP 503 normalises it. */
function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

// ---- maven, cargo, dotnet -----------------------------------------------------------

function mavenProjects(layout: RepoLayout, poms: readonly string[]): ProvidedModule[] {
  return poms.flatMap((file) => {
    const project = readXml(layout.readText(file) ?? '');
    if (project?.name !== 'project') return [];
    const properties = new Map((xmlChild(project, 'properties')?.children ?? []).map((p) => [p.name, p.text.trim()]));
    const parentGroup = xmlText(xmlChild(xmlChild(project, 'parent'), 'groupId'));
    if (parentGroup) properties.set('project.parent.groupId', parentGroup).set('parent.groupId', parentGroup);
    const expand = (value: string | undefined): string | undefined => {
      const expanded = value?.replace(/\$\{([^}]+)\}/g, (whole, key: string) => properties.get(key) ?? whole);
      return expanded && !expanded.includes('${') ? expanded : undefined;
    };
    const groupId = expand(xmlText(xmlChild(project, 'groupId')) ?? parentGroup);
    const artifactId = expand(xmlText(xmlChild(project, 'artifactId')));
    return groupId && artifactId ? [{ ecosystem: 'maven' as const, name: `${groupId}:${artifactId}`, root: parentDir(file) }] : [];
  });
}

function cargoCrates(layout: RepoLayout, manifests: readonly string[]): ProvidedModule[] {
  return manifests.flatMap((file) => {
    const toml = readToml(layout.readText(file) ?? '');
    const packageName = tomlString(toml?.get('package.name'));
    if (!toml || !packageName) return [];
    const importName = tomlString(toml.get('lib.name')) ?? packageName.replace(/-/g, '_');
    return [{ ecosystem: 'cargo' as const, name: importName, root: parentDir(file) }];
  });
}

function dotnetProjects(layout: RepoLayout, projects: readonly string[]): ProvidedModule[] {
  return projects.flatMap((file) => {
    const project = readXml(layout.readText(file) ?? '');
    if (project?.name !== 'Project') return [];
    const baseName = file.slice(file.lastIndexOf('/') + 1, -'.csproj'.length);
    const property = (name: string, known: Record<string, string>): string | undefined => {
      for (const group of project.children.filter((child) => child.name === 'PropertyGroup')) {
        const value = xmlText(xmlChild(group, name))?.replace(/\$\((\w+)\)/g, (whole, key: string) => known[key] ?? whole);
        if (value && !value.includes('$(')) return value;
      }
      return undefined;
    };
    const assemblyName = property('AssemblyName', { MSBuildProjectName: baseName });
    const rootNamespace = property('RootNamespace', { MSBuildProjectName: baseName, AssemblyName: assemblyName ?? baseName });
    return [{ ecosystem: 'dotnet' as const, name: rootNamespace ?? assemblyName ?? baseName, root: parentDir(file) }];
  });
}

function xmlText(element: XmlElement | undefined): string | undefined {
  const text = element?.text.trim();
  return text ? text : undefined;
}
