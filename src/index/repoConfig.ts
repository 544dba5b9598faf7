import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** `.ckg.yaml` at the repository root (DESIGN §5). */
export interface RepoConfig {
  readonly serviceName?: string;
  readonly repoUrl?: string;
  readonly routesFramework?: string;
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
  };
}

/** The service name a repo runs as when no config names one: its directory or URL tail. */
export function defaultServiceName(repoUrl: string, root: string): string {
  const tail = repoUrl.replace(/\.git$/, '').split(/[/:]/).filter(Boolean).pop();
  return tail ?? path.basename(root);
}
