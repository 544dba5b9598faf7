/**
 * The services a repository runs (SPEC 2.8, issue 15): the whole repository runs as its
 * `service_name`, and a monorepo may declare services that own folders inside it. A file
 * belongs to the service whose folder is the longest prefix of its path; a file under no
 * declared folder belongs to the repository's service.
 */

/** One service a monorepo runs, owning a folder (repo-relative, `/`-separated, no trailing slash). */
export interface ServiceFolder {
  readonly name: string;
  readonly path: string;
}

/** What decides the service of a file: the repository's service and its declared folders. */
export interface ServiceLayout {
  readonly serviceName: string;
  readonly services?: readonly ServiceFolder[];
}

/** Whether a repo-relative path lies in `folder` (the folder itself or below it; '' is the whole repository). */
export function isUnderFolder(filePath: string, folder: string): boolean {
  return folder === '' || filePath === folder || filePath.startsWith(`${folder}/`);
}

/** The declared service folder a file belongs to (the longest matching folder), if any. */
export function serviceFolderOf(layout: ServiceLayout, filePath: string): ServiceFolder | undefined {
  let best: ServiceFolder | undefined;
  for (const service of layout.services ?? []) {
    if (isUnderFolder(filePath, service.path) && (!best || service.path.length > best.path.length)) best = service;
  }
  return best;
}

/** The service that owns a file: its declared folder's service, else the repository's. */
export function serviceOfPath(layout: ServiceLayout, filePath: string): string {
  return serviceFolderOf(layout, filePath)?.name ?? layout.serviceName;
}

/** Every service name a repository runs: its own and its declared ones. */
export function serviceNamesOf(layout: ServiceLayout): string[] {
  return [layout.serviceName, ...(layout.services ?? []).map((s) => s.name)];
}

/**
 * The layout as one stable string: two layouts give the same key exactly when every file
 * belongs to the same service under both (route rows need rewriting when the key changes).
 */
export function serviceLayoutKey(layout: ServiceLayout): string {
  const folders = [...(layout.services ?? [])].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return JSON.stringify([layout.serviceName, folders.map((s) => [s.path, s.name])]);
}

/** A repo-relative folder in one spelling, or undefined when it leaves the repository or is its root. */
export function normaliseFolder(raw: string): string | undefined {
  if (raw.startsWith('/') || raw.startsWith('\\') || /^[A-Za-z]:/.test(raw)) return undefined;
  const parts = raw.replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.includes('..')) return undefined;
  return parts.join('/');
}
