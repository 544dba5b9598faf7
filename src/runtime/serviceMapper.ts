import * as path from 'node:path';
import { type RepoRecord, serviceFolderOf, serviceNamesOf } from '../model';
import { BoundedMap } from './boundedMap';
import type { ServiceMap } from './config';
import type { RouteScope } from './routeMatcher';

/** Confidence of edges whose service was matched by name only (SPEC 2.8 rule 3, §8). */
export const HEURISTIC_MAPPING_CONFIDENCE = 0.3;

export interface ServiceMapping {
  readonly repo: RepoRecord;
  /**
   * The service name the matching route rows carry: the declared service the traced name
   * is (the repo's `service_name` or one of its `services`), or for a service_map folder
   * the service owning that folder.
   */
  readonly routeService: string;
  /** The route rows the traced service serves: by service name, and by folder for a service_map folder. */
  readonly scope: RouteScope;
  readonly how: 'ckg_yaml' | 'service_map' | 'heuristic';
  /** The highest confidence an edge mapped this way may have. */
  readonly confidenceCap: number;
}

/**
 * Traced service name -> indexed repository and the service in it, in the SPEC 2.8
 * priority order:
 * 1. a service a repo's `.ckg.yaml` declares: its `service_name` (stored as the repo's
 *    service name) or one of its `services` (a monorepo folder);
 * 2. config `trace_ingestion.service_map` (name -> repo URL, URL tail or root path, and
 *    optionally a folder inside it: then only routes registered under that folder);
 * 3. a substring match of the name against repo and service names, both ways,
 *    case-insensitive; the longest name wins and a tie maps nothing (never guess between
 *    two). Edges mapped this way are capped at confidence 0.3.
 * Results are cached per name (bounded: names come from the wire); build a new mapper
 * when repos change.
 */
export class ServiceMapper {
  private readonly cache = new BoundedMap<string, ServiceMapping | null>(10_000);

  constructor(private readonly repos: readonly RepoRecord[], private readonly serviceMap: ServiceMap = {}) {}

  map(serviceName: string): ServiceMapping | undefined {
    let mapping = this.cache.get(serviceName);
    if (mapping === undefined) {
      mapping = this.resolve(serviceName) ?? null;
      this.cache.set(serviceName, mapping);
    }
    return mapping ?? undefined;
  }

  private resolve(serviceName: string): ServiceMapping | undefined {
    if (serviceName === '') return undefined;
    const declared = this.repos.find((r) => serviceNamesOf(r).includes(serviceName));
    if (declared) return named(declared, serviceName, 'ckg_yaml', 0.95);
    const target = this.serviceMap[serviceName];
    if (target !== undefined) {
      const repo = this.repos.find((r) => r.repoUrl === target.repo || repoName(r) === target.repo || r.rootPath === path.resolve(target.repo));
      if (repo && target.path === undefined) return named(repo, repo.serviceName, 'service_map', 0.95);
      if (repo && target.path !== undefined) {
        // Every service of the repo: a declared service may own a folder inside the mapped one.
        const routeService = serviceFolderOf(repo, target.path)?.name ?? repo.serviceName;
        return { repo, routeService, scope: { services: serviceNamesOf(repo), folder: target.path }, how: 'service_map', confidenceCap: 0.95 };
      }
    }
    const wanted = serviceName.toLowerCase();
    let best: { repo: RepoRecord; service: string; length: number; tie: boolean } | undefined;
    for (const repo of this.repos) {
      const candidates = new Map<string, string>();
      for (const name of [repoName(repo), repo.serviceName]) candidates.set(name.toLowerCase(), repo.serviceName);
      for (const service of repo.services ?? []) candidates.set(service.name.toLowerCase(), service.name);
      for (const [name, service] of candidates) {
        if (name.length < 3 || (!wanted.includes(name) && !name.includes(wanted))) continue;
        if (!best || name.length > best.length) best = { repo, service, length: name.length, tie: false };
        else if (name.length === best.length && (best.repo !== repo || best.service !== service)) best.tie = true;
      }
    }
    if (!best || best.tie) return undefined;
    return named(best.repo, best.service, 'heuristic', HEURISTIC_MAPPING_CONFIDENCE);
  }
}

function named(repo: RepoRecord, service: string, how: ServiceMapping['how'], confidenceCap: number): ServiceMapping {
  return { repo, routeService: service, scope: { services: [service] }, how, confidenceCap };
}

/** The last segment of a repo URL: `github.com/acme/users-api` -> `users-api`. */
function repoName(repo: RepoRecord): string {
  return repo.repoUrl.replace(/\.git$/, '').split(/[/:]/).filter(Boolean).pop() ?? repo.repoUrl;
}
