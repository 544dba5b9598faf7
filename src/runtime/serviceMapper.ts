import * as path from 'node:path';
import type { RepoRecord } from '../model';
import { BoundedMap } from './boundedMap';

/** Confidence of edges whose service was matched by name only (SPEC 2.8 rule 3, §8). */
export const HEURISTIC_MAPPING_CONFIDENCE = 0.3;

export interface ServiceMapping {
  readonly repo: RepoRecord;
  /** The service name the repo's route rows carry (its `.ckg.yaml` service_name or default). */
  readonly routeService: string;
  readonly how: 'ckg_yaml' | 'service_map' | 'heuristic';
  /** The highest confidence an edge mapped this way may have. */
  readonly confidenceCap: number;
}

/**
 * Traced service name -> indexed repository, in the SPEC 2.8 priority order:
 * 1. the repo whose `.ckg.yaml` service_name (stored as its service name) is the name;
 * 2. config `trace_ingestion.service_map` (name -> repo URL, URL tail or root path);
 * 3. a substring match of the name against repo names, both ways, case-insensitive; the
 *    longest repo name wins and a tie maps nothing (never guess between two). Edges
 *    mapped this way are capped at confidence 0.3.
 * Results are cached per name (bounded: names come from the wire); build a new mapper
 * when repos change.
 */
export class ServiceMapper {
  private readonly cache = new BoundedMap<string, ServiceMapping | null>(10_000);

  constructor(private readonly repos: readonly RepoRecord[], private readonly serviceMap: Readonly<Record<string, string>> = {}) {}

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
    const named = this.repos.find((r) => r.serviceName === serviceName);
    if (named) return { repo: named, routeService: named.serviceName, how: 'ckg_yaml', confidenceCap: 0.95 };
    const target = this.serviceMap[serviceName];
    if (target !== undefined) {
      const repo = this.repos.find((r) => r.repoUrl === target || repoName(r) === target || r.rootPath === path.resolve(target));
      if (repo) return { repo, routeService: repo.serviceName, how: 'service_map', confidenceCap: 0.95 };
    }
    const wanted = serviceName.toLowerCase();
    let best: { repo: RepoRecord; length: number; tie: boolean } | undefined;
    for (const repo of this.repos) {
      for (const name of new Set([repoName(repo), repo.serviceName].map((n) => n.toLowerCase()).filter((n) => n.length >= 3))) {
        if (!wanted.includes(name) && !name.includes(wanted)) continue;
        if (!best || name.length > best.length) best = { repo, length: name.length, tie: false };
        else if (name.length === best.length && best.repo !== repo) best.tie = true;
      }
    }
    if (!best || best.tie) return undefined;
    return { repo: best.repo, routeService: best.repo.serviceName, how: 'heuristic', confidenceCap: HEURISTIC_MAPPING_CONFIDENCE };
  }
}

/** The last segment of a repo URL: `github.com/acme/users-api` -> `users-api`. */
function repoName(repo: RepoRecord): string {
  return repo.repoUrl.replace(/\.git$/, '').split(/[/:]/).filter(Boolean).pop() ?? repo.repoUrl;
}
