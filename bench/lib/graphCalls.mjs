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

/**
 * The calls edges of an export: { file, line, col, key, target (qualified name), local
 * (its part after `://`), unresolved, targetKind, targetFile, source }.
 */
export function readCallEdges(jsonlPath) {
  const nodes = new Map();
  const edges = [];
  for (const line of fs.readFileSync(jsonlPath, 'utf8').split('\n')) {
    if (!line) continue;
    const record = JSON.parse(line);
    if (record.type === 'node') nodes.set(record.hash, record);
    else if (record.type === 'edge' && record.edge_type === 'calls') edges.push(record);
  }
  const calls = edges.map((e) => {
    const target = nodes.get(e.target);
    const source = nodes.get(e.source);
    const qualifiedName = target?.qualified_name ?? '';
    return {
      file: e.call_site_file,
      line: e.call_site_line,
      col: e.call_site_col,
      key: `${e.call_site_file}:${e.call_site_line}:${e.call_site_col}`,
      target: qualifiedName,
      local: localPart(qualifiedName),
      unresolved: qualifiedName.includes(UNRESOLVED),
      targetKnown: target !== undefined,
      targetKind: target?.kind ?? 'missing',
      targetFile: target?.file ?? '',
      source: source ? localPart(source.qualified_name) : e.source,
      provenance: e.provenance,
    };
  });
  return { calls, nodeCount: nodes.size };
}
