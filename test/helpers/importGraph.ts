import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/** One import in src/: the importing file, what it names, and the src/ file it resolves to. */
export interface SourceImport {
  /** src-relative path of the importing file, e.g. `mcp/server.ts`. */
  readonly from: string;
  /** The specifier as written: `vscode`, `../store`, `./sqljs/openStore`. */
  readonly specifier: string;
  /** src-relative path of the imported module for a relative specifier, else undefined. */
  readonly to?: string;
}

export const SRC = path.join(__dirname, '..', '..', 'src');

/** Every `.ts` file under a directory. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A relative specifier as the bundler resolves it: a `.ts` file, or a folder's index.ts. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(SRC, candidate).split(path.sep).join('/');
  }
  return undefined;
}

/**
 * Every static, re-export, dynamic and require import of src/, read by TypeScript's own
 * pre-processor (no type checking), so comments and strings never count as imports.
 */
export function sourceImports(src = SRC): SourceImport[] {
  return sourceFiles(src).flatMap((file) => {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const from = path.relative(src, file).split(path.sep).join('/');
    return info.importedFiles.map(({ fileName: specifier }) => ({
      from, specifier, to: specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined,
    }));
  });
}

/** The src/ folder a src-relative path belongs to; files at the root are their own unit (`lib.ts`). */
export function folderOf(srcPath: string): string {
  const slash = srcPath.indexOf('/');
  return slash < 0 ? srcPath : srcPath.slice(0, slash);
}

/** The cycles of a directed graph given as adjacency sets, each as the path that closes it. */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}
