import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { type ServiceFolder, normaliseFolder } from '../model';

/** `.ckg.yaml` at the repository root (DESIGN §5). */
export interface RepoConfig {
  readonly serviceName?: string;
  readonly repoUrl?: string;
  readonly routesFramework?: string;
  /** Services a monorepo runs, each owning a folder (`services: [{name, path}]`). */
  readonly services?: readonly ServiceFolder[];
}

export function parseRepoConfig(text: string | undefined, location: string): RepoConfig {
  if (text === undefined) return {};
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new Error(`${location}: not valid YAML: ${(error as Error).message}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error(`${location}: expected a mapping at the top level`);
  const record = data as Record<string, unknown>;
  const stringField = (key: string, value: unknown): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`${location}: ${key} must be a non-empty string`);
    return value.trim();
  };
  const routes = record.routes as Record<string, unknown> | undefined;
  return {
    serviceName: stringField('service_name', record.service_name),
    repoUrl: stringField('repo_url', record.repo_url),
    routesFramework: routes && typeof routes === 'object' ? stringField('routes.framework', routes.framework) : undefined,
    services: serviceFolders(record.services, location, stringField),
  };
}

/**
 * `services:` as a list of `{name, path}`; paths are repo-relative folders, normalised to
 * `/`-separated without `./` or a trailing slash. Two services may not share a name or a folder.
 */
function serviceFolders(
  value: unknown, location: string, stringField: (key: string, value: unknown) => string | undefined,
): ServiceFolder[] | undefined {
  if (value === undefined || value === null) return undefined;
  const expected = 'expected a list of {name, path} entries, e.g. [{name: cart, path: services/cart}]';
  if (!Array.isArray(value)) throw new Error(`${location}: services: ${expected}`);
  const names = new Set<string>();
  const paths = new Set<string>();
  return value.map((entry: unknown, index) => {
    const key = `services[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new Error(`${location}: ${key}: ${expected}`);
    const fields = entry as Record<string, unknown>;
    const unknown = Object.keys(fields).find((k) => k !== 'name' && k !== 'path');
    if (unknown !== undefined) throw new Error(`${location}: ${key}.${unknown}: unknown key; expected only name and path`);
    const name = stringField(`${key}.name`, fields.name);
    const raw = stringField(`${key}.path`, fields.path);
    if (name === undefined) throw new Error(`${location}: ${key}.name must be a non-empty string`);
    if (raw === undefined) throw new Error(`${location}: ${key}.path must be a non-empty string`);
    const folder = normaliseFolder(raw);
    if (folder === undefined) {
      throw new Error(`${location}: ${key}.path ${JSON.stringify(raw)}: expected a folder inside the repository, e.g. services/cart`);
    }
    if (names.has(name)) throw new Error(`${location}: ${key}.name ${JSON.stringify(name)}: another service already has this name`);
    if (paths.has(folder)) throw new Error(`${location}: ${key}.path ${JSON.stringify(raw)}: another service already owns this folder`);
    names.add(name);
    paths.add(folder);
    return { name, path: folder };
  });
}

/** The service name a repo runs as when no config names one: its directory or URL tail. */
export function defaultServiceName(repoUrl: string, root: string): string {
  const tail = repoUrl.replace(/\.git$/, '').split(/[/:]/).filter(Boolean).pop();
  return tail ?? path.basename(root);
}
