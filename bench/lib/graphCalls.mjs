// Our side of the accuracy check: index with the built CLI, export jsonl, read the calls.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI_PATH } from './engine.mjs';

const UNRESOLVED = '://UNRESOLVED/';

function localPart(qualifiedName) {
  const at = qualifiedName.indexOf('://');
  return at < 0 ? qualifiedName : qualifiedName.slice(at + 3);
}

/** Runs `ckg index` and `ckg export --format jsonl` into `workDir`; returns the jsonl path and the index report. */
export function indexAndExport(repoPath, workDir) {
  const db = path.join(workDir, 'graph.db');
  const jsonl = path.join(workDir, 'graph.jsonl');
  const started = performance.now();
  const report = execFileSync(process.execPath, [CLI_PATH, 'index', repoPath, '-db', db], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 }).toString();
  const indexMs = performance.now() - started;
  execFileSync(process.execPath, [CLI_PATH, 'export', '-db', db, '--format', 'jsonl', '--out', jsonl], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { jsonl, report, indexMs };
}

/** The nodes (by hash) of an export and its edges of one type. */
function readExport(jsonlPath, edgeType) {
  const nodes = new Map();
  const edges = [];
  for (const line of fs.readFileSync(jsonlPath, 'utf8').split('\n')) {
    if (!line) continue;
    const record = JSON.parse(line);
    if (record.type === 'node') nodes.set(record.hash, record);
    else if (record.type === 'edge' && record.edge_type === edgeType) edges.push(record);
  }
  return { nodes, edges };
}

/**
 * The implements edges of an export: { source, target } (qualified names after `://`),
 * sourceFile, targetFile, provenance.
 */
export function readImplementsEdges(jsonlPath) {
  const { nodes, edges } = readExport(jsonlPath, 'implements');
  return edges.map((e) => {
    const source = nodes.get(e.source);
    const target = nodes.get(e.target);
    return {
      source: source ? localPart(source.qualified_name) : e.source,
      target: target ? localPart(target.qualified_name) : e.target,
      sourceFile: source?.file ?? '',
      targetFile: target?.file ?? '',
      provenance: e.provenance,
    };
  });
}

/**
 * Where an edge was called: every `call_sites` entry ([file, line, col]) when the export
 * has the list, else the single `call_site_*` (exports before every site was kept).
 */
function callSitesOf(edge) {
  if (Array.isArray(edge.call_sites) && edge.call_sites.length > 0) {
    return edge.call_sites.map(([file, line, col]) => ({ file, line, col }));
  }
  return [{ file: edge.call_site_file, line: edge.call_site_line, col: edge.call_site_col }];
}

/**
 * The calls edges of an export, one entry per call site of each edge: { file, line, col,
 * key, target (qualified name), local (its part after `://`), unresolved, targetKind,
 * targetFile, source, sitesOfEdge }.
 */
export function readCallEdges(jsonlPath) {
  const { nodes, edges } = readExport(jsonlPath, 'calls');
  const calls = edges.flatMap((e) => {
    const target = nodes.get(e.target);
    const source = nodes.get(e.source);
    const qualifiedName = target?.qualified_name ?? '';
    const sites = callSitesOf(e);
    return sites.map(({ file, line, col }) => ({
      file,
      line,
      col,
      key: `${file}:${line}:${col}`,
      target: qualifiedName,
      local: localPart(qualifiedName),
      unresolved: qualifiedName.includes(UNRESOLVED),
      targetKnown: target !== undefined,
      targetKind: target?.kind ?? 'missing',
      targetFile: target?.file ?? '',
      source: source ? localPart(source.qualified_name) : e.source,
      provenance: e.provenance,
      sitesOfEdge: sites.length,
    }));
  });
  return { calls, nodeCount: nodes.size };
}
