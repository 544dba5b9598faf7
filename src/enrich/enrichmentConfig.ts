import { ConfigError, boolean, duration, mapping, rejectUnknown } from '../model/configValues';
import { type ConfiguredServer, LANGUAGE_SERVERS } from './languageServers';

/**
 * The `enrichment` section of ckg.config.yaml: whether `ckg serve` (and `ckg mcp`)
 * enrich after each index_repo, how long a run may take, and servers named by hand.
 *
 *   enrichment:
 *     enabled: true
 *     budget: 10m
 *     timeout: 10s
 *     servers:
 *       gopls: { command: /opt/go/bin/gopls, args: [] }
 *       pyright: false
 */
export interface EnrichmentConfig {
  readonly enabled: boolean;
  /** The longest a run may take; what is left is asked on the next run. */
  readonly budgetMs: number;
  /** Per query, for language servers (tsserver keeps its own shorter default unless set). */
  readonly timeoutMs: number | undefined;
  readonly servers: Readonly<Record<string, ConfiguredServer>>;
}

export const ENRICHMENT_DEFAULTS: EnrichmentConfig = { enabled: false, budgetMs: 600_000, timeoutMs: undefined, servers: {} };

const SERVER_IDS = LANGUAGE_SERVERS.map((server) => server.id);

export function parseEnrichment(value: unknown, location: string): EnrichmentConfig {
  if (value === undefined || value === null) return ENRICHMENT_DEFAULTS;
  const section = mapping(value, location, 'enrichment');
  rejectUnknown(section, ['enabled', 'budget', 'timeout', 'servers'], location, 'enrichment.');
  return {
    enabled: section.enabled === undefined ? ENRICHMENT_DEFAULTS.enabled : boolean(section.enabled, location, 'enrichment.enabled'),
    budgetMs: duration(section.budget, ENRICHMENT_DEFAULTS.budgetMs, location, 'enrichment.budget'),
    timeoutMs: section.timeout === undefined ? undefined : duration(section.timeout, 0, location, 'enrichment.timeout'),
    servers: parseServers(section.servers, location),
  };
}

function parseServers(value: unknown, location: string): Record<string, ConfiguredServer> {
  if (value === undefined || value === null) return {};
  const section = mapping(value, location, 'enrichment.servers');
  rejectUnknown(section, SERVER_IDS, location, 'enrichment.servers.');
  const servers: Record<string, ConfiguredServer> = {};
  for (const [id, setting] of Object.entries(section)) {
    const key = `enrichment.servers.${id}`;
    if (setting === false) {
      servers[id] = false;
      continue;
    }
    const entry = mapping(setting, location, key);
    rejectUnknown(entry, ['command', 'args'], location, `${key}.`);
    if (typeof entry.command !== 'string' || entry.command.trim() === '') {
      throw new ConfigError(`${location}: ${key}.command: expected the server's executable (a path or a name on PATH)`);
    }
    const args = entry.args ?? [];
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string')) {
      throw new ConfigError(`${location}: ${key}.args: expected a list of strings`);
    }
    servers[id] = { command: entry.command.trim(), args: args as string[] };
  }
  return servers;
}
