import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type EdgeType, callSitesOf } from '../../src/model';
import type { GraphStore } from '../../src/store';
import { FIXTURE_REPOS, indexFixture, liveNodes, localName } from '../helpers/indexFixture';

/**
 * Caret assertions written in fixture sources, on the line after the code they check:
 *   const s = format(x);
 *   //        ^ calls: src/util.format
 * `^` marks the column of the callee name on the line above (a run of caret lines all
 * refer to the nearest code line). Forms: `calls: <package>.<Symbol>`,
 * `calls: UNRESOLVED/<name>`, `no-call`, `references: <package>.<Symbol>` (checked at
 * the caret's column), and `<edge type>: <package>.<Symbol>` for every other static
 * edge type (implements, imports, depends_on, deploys, exposes, configures, publishes,
 * subscribes, connects_to, handles_route: checked anywhere on the line; a route is named
 * `<package>.<METHOD> <path>`, and is handled where it is registered: the edge from the
 * handler to the route node sits at the registration). The comment marker is the
 * language's own: `//`, `#`, `--` or `/* ... *\/`.
 */
interface CaretAssertion {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly kind: 'no-call' | EdgeType;
  readonly target: string;
  readonly written: number;
}

const LINE_LEVEL_KINDS = [
  'implements', 'imports', 'depends_on', 'deploys', 'exposes', 'configures', 'publishes', 'subscribes', 'connects_to', 'handles_route',
] as const satisfies readonly EdgeType[];
const CARET = new RegExp(
  `^(\\s*)(//|#|--|/\\*)\\s*\\^\\s*(calls|no-call|references|${LINE_LEVEL_KINDS.join('|')})(?::\\s*(\\S.*?))?\\s*(\\*/)?\\s*$`,
);

function listFiles(root: string, dir = ''): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}

function caretsOf(repo: string): CaretAssertion[] {
  const root = path.join(FIXTURE_REPOS, repo);
  const found: CaretAssertion[] = [];
  for (const file of listFiles(root)) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      const match = CARET.exec(text);
      if (!match) return;
      let codeLine = index - 1;
      while (codeLine >= 0 && CARET.test(lines[codeLine])) codeLine--;
      found.push({
        file, line: codeLine + 1, col: text.indexOf('^') + 1, kind: match[3] as CaretAssertion['kind'],
        target: match[4] ?? '', written: index + 1,
      });
    });
  }
  return found;
}

async function check(store: GraphStore, caret: CaretAssertion): Promise<void> {
  const nodes = await liveNodes(store);
  const names = new Map(nodes.map((n) => [n.nodeHash, localName(n.qualifiedName)]));
  // One row per edge and site: an edge holds every call of its pair, each may carry a caret.
  const at = (await store.liveEdges())
    .flatMap((e) => callSitesOf(e).map((site) => ({ ...e, callSiteFile: site.file, callSiteLine: site.line, callSiteCol: site.col })))
    .filter((e) => e.callSiteFile === caret.file && e.callSiteLine === caret.line);
  const where = `${caret.file}:${caret.written}`;
  if ((LINE_LEVEL_KINDS as readonly string[]).includes(caret.kind)) {
    const targets = at.filter((e) => e.edgeType === caret.kind).map((e) => names.get(e.targetHash));
    assert.ok(targets.includes(caret.target), `${where}: expected ${caret.kind} ${caret.target} on line ${caret.line}; found [${targets.join(', ')}]`);
    return;
  }
  const edgeType = caret.kind === 'references' ? 'references' : 'calls';
  const here = at.filter((e) => e.edgeType === edgeType && e.callSiteCol === caret.col).map((e) => names.get(e.targetHash));
  if (caret.kind === 'no-call') {
    assert.deepEqual(here, [], `${where}: expected no calls edge at ${caret.line}:${caret.col}`);
    return;
  }
  const nearby = at.filter((e) => e.edgeType === edgeType).map((e) => `${names.get(e.targetHash)}@col${e.callSiteCol}`);
  assert.ok(here.includes(caret.target), `${where}: expected ${edgeType} ${caret.target} at ${caret.line}:${caret.col}; on that line: [${nearby.join(', ')}]`);
}

describe('caret assertions in the fixture repos', () => {
  for (const repo of fs.readdirSync(FIXTURE_REPOS).sort()) {
    const carets = caretsOf(repo);
    if (carets.length === 0) continue;
    describe(repo, () => {
      let store: GraphStore;
      before(async () => {
        store = await indexFixture(repo);
      });
      after(() => store.close());
      for (const caret of carets) {
        it(`${caret.file}:${caret.written} ${caret.kind}${caret.target ? ` ${caret.target}` : ''}`, () => check(store, caret));
      }
    });
  }
});
