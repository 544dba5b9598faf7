import { normaliseRoutePath } from '../extract/common';
import type { FileFacts, RouteFact, RouteMountFact } from '../extract/facts';
import type { LanguageResolver } from './languages/languageResolver';
import type { SymbolTable } from './symbolTable';

/**
 * Where a router's routes are served once the mounts of the whole repository are known
 * (Python: FastAPI `include_router`, Flask `register_blueprint`, Django `include`). A
 * route file cannot see who mounts its router, so this runs where the facts of every
 * file meet. A router nobody mounts serves its routes as written; one mounted twice
 * serves them under both prefixes; a mount cycle adds nothing.
 */

/** What the mounts put before a router's routes. */
export interface MountPrefix {
  readonly outer: string;
  /** Flask: the router's own prefix is replaced by the outer one. */
  readonly replacesOwn: boolean;
}

/** The part of the link context route mounts read. */
export interface MountContext {
  readonly table: SymbolTable;
  resolverFor(facts: FileFacts): LanguageResolver;
}

const UNMOUNTED: readonly MountPrefix[] = [{ outer: '', replacesOwn: false }];

/** How many re-exports (`from .items import router`) a mounted name is followed through. */
const MAX_REEXPORTS = 8;

/** The paths a route on a named router is served at: one per mount prefix. */
export function mountedRoutePaths(ctx: MountContext, packagePath: string, route: RouteFact): string[] {
  if (!route.router) return [route.path];
  const paths = mountPrefixes(ctx, packagePath, route.router.name, new Set())
    .map((mount) => joinRoutePath(mount.outer, mount.replacesOwn ? withoutOwnPrefix(route.path, route.router!.prefix) : route.path));
  return [...new Set(paths)];
}

function mountPrefixes(ctx: MountContext, packagePath: string, router: string, open: Set<string>): readonly MountPrefix[] {
  const key = `${packagePath}\0${router}`;
  if (open.has(key)) return [];
  open.add(key);
  const prefixes: MountPrefix[] = [];
  for (const file of ctx.table.filesMountingRoutes()) {
    const facts = ctx.table.factsOf(file);
    if (!facts?.routeMounts) continue;
    const resolver = ctx.resolverFor(facts);
    const mountingPackage = ctx.table.packageOf(file) ?? resolver.packagePath(file, facts);
    for (const mount of facts.routeMounts) {
      const target = mountedRouter(ctx, resolver, file, mountingPackage, mount);
      if (target?.packagePath !== packagePath || target.name !== router) continue;
      const outers = mount.into === '' ? UNMOUNTED : mountPrefixes(ctx, mountingPackage, mount.into, open);
      for (const outer of outers) {
        const into = joinPrefix(outer.outer, outer.replacesOwn ? '' : mount.intoPrefix);
        prefixes.push({ outer: joinPrefix(into, mount.prefix), replacesOwn: mount.replacesOwnPrefix });
      }
    }
  }
  open.delete(key);
  return prefixes.length > 0 ? prefixes : UNMOUNTED;
}

/**
 * The package and module-level name a mount names, through the re-exports of the
 * module it imports from (`routers/__init__.py` doing `from .items import router`).
 */
function mountedRouter(
  ctx: MountContext, resolver: LanguageResolver, file: string, filePackage: string, mount: RouteMountFact,
): { packagePath: string; name: string } | undefined {
  if (mount.source === '') return { packagePath: filePackage, name: mount.name };
  let target = resolver.resolveImport(mount.source, file);
  let name = mount.name;
  for (let step = 0; target.inRepo && step < MAX_REEXPORTS; step++) {
    const owner = [...ctx.table.filesOfPackage(target.packagePath)].sort()[0];
    const imports = owner === undefined ? [] : ctx.table.factsOf(owner)?.imports ?? [];
    const reexport = imports.flatMap((fact) => fact.bindings.filter((b) => b.local === name && b.imported !== '*').map((b) => ({ fact, b })))[0];
    if (!reexport || owner === undefined) return { packagePath: target.packagePath, name };
    target = resolver.resolveImport(reexport.fact.source, owner);
    name = reexport.b.imported;
  }
  return undefined;
}

/** `/users/{id}` without the own prefix `/users`; unchanged when it does not start with it. */
function withoutOwnPrefix(path: string, own: string): string {
  if (own === '') return path;
  const prefix = normaliseRoutePath(own).replace(/\/+$/, '');
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function joinPrefix(outer: string, inner: string): string {
  if (outer === '') return inner;
  if (inner === '') return outer;
  return `${outer.replace(/\/+$/, '')}/${inner.replace(/^\/+/, '')}`;
}

/** A prefix and a path as the frameworks join them, normalised like every route path. */
function joinRoutePath(outer: string, path: string): string {
  if (outer === '') return path === '' ? '/' : path;
  if (path === '') return normaliseRoutePath(outer);
  return normaliseRoutePath(joinPrefix(outer, path));
}

/** A file's route mounts, comparable as text: a change re-links every file with routes on a named router. */
export function routeMountsText(facts: FileFacts | undefined): string {
  return JSON.stringify(facts?.routeMounts ?? []);
}
