// Compares our calls edges with the compiler's call sites (both keyed file:line:col of the
// callee name token) and groups every disagreement into a pattern with examples.

// CKG_BENCH_EXAMPLES shows more examples per pattern when studying misses.
const EXAMPLES_PER_PATTERN = Number(process.env.CKG_BENCH_EXAMPLES ?? 3);

function lastSegment(name) {
  return name.slice(Math.max(name.lastIndexOf('.'), name.lastIndexOf('/')) + 1);
}

class Patterns {
  constructor() {
    this.byKey = new Map();
  }

  note(pattern, example) {
    let entry = this.byKey.get(pattern);
    if (!entry) this.byKey.set(pattern, (entry = { pattern, count: 0, examples: [] }));
    entry.count++;
    if (entry.examples.length < EXAMPLES_PER_PATTERN) entry.examples.push(example);
  }

  top(n) {
    return [...this.byKey.values()].sort((a, b) => b.count - a.count || a.pattern.localeCompare(b.pattern)).slice(0, n);
  }
}

function compilerView(site) {
  if (!site) return 'no call here';
  if (site.outcome === 'repo') return [...site.names].join(' | ');
  if (site.outcome === 'external') return `outside the repo (${site.declFile})`;
  if (site.outcome === 'repo-unnamed') return `unnamed in-repo ${site.declKind}`;
  return 'no symbol';
}

function externalKind(declFile) {
  if (declFile.includes('node_modules/typescript/lib/')) return 'TypeScript lib';
  if (declFile.includes('node_modules/')) return 'node_modules';
  if (declFile.endsWith('.d.ts')) return 'repo .d.ts';
  return 'outside root';
}

/** Why our resolved edge at a site without a compiler call is there: usually a column bug. */
function positionHint(edge, sitesOnLine) {
  if (!sitesOnLine?.length) return 'no compiler call on that line';
  const sameTarget = sitesOnLine.find((s) => s.names?.has(edge.local));
  if (sameTarget) return `same target at col ${sameTarget.col} (off by ${edge.col - sameTarget.col})`;
  const sameName = sitesOnLine.find((s) => s.text === lastSegment(edge.local));
  if (sameName) return `callee name at col ${sameName.col} (off by ${edge.col - sameName.col}), other target`;
  return 'other calls on that line only';
}

const ratio = (a, b) => (b === 0 ? Number.NaN : a / b);

/**
 * Figures per call form: by `site.shape`, and by `site.group` when an oracle groups its
 * shapes. A (caller, callee) pair counts under every form it has a site of, and is recalled
 * there when we have its edge at any of its sites (as overall pair recall counts it).
 */
class FormTally {
  constructor() {
    this.by = { shape: new Map(), group: new Map() };
  }

  entry(kind, form) {
    const map = this.by[kind];
    if (!map.has(form)) map.set(form, { C: 0, recalledSites: 0, pairs: 0, recalledPairs: 0, R: 0, correct: 0 });
    return map.get(form);
  }

  each(site, fn) {
    for (const kind of ['shape', 'group']) if (site?.[kind] !== undefined) fn(this.entry(kind, site[kind]));
  }

  edge(site, correct) {
    this.each(site, (e) => {
      e.R++;
      if (correct) e.correct++;
    });
  }

  site(site, recalled) {
    this.each(site, (e) => {
      e.C++;
      if (recalled) e.recalledSites++;
    });
  }

  pair(group, recalled) {
    for (const kind of ['shape', 'group']) {
      for (const form of new Set(group.map((s) => s[kind]).filter((f) => f !== undefined))) {
        const e = this.entry(kind, form);
        e.pairs++;
        if (recalled) e.recalledPairs++;
      }
    }
  }

  /** { form: { C, siteRecall, pairs, pairRecall, R, precision, ... } }, most sites first. */
  figures(kind) {
    const rows = [...this.by[kind].entries()].sort((a, b) => b[1].C - a[1].C || b[1].R - a[1].R || a[0].localeCompare(b[0]));
    return Object.fromEntries(rows.map(([form, e]) => [form, {
      ...e, siteRecall: ratio(e.recalledSites, e.C), pairRecall: ratio(e.recalledPairs, e.pairs), precision: ratio(e.correct, e.R),
    }]));
  }
}

/** Node kinds a call reaches across a protocol (HTTP routes, gRPC rpcs), not through the language. */
const PROTOCOL_TARGETS = new Set(['route', 'rpc']);

/**
 * sites: compiler call sites ({ file, line, col, key, text, shape, group?, caller, outcome,
 * names, functionLike, declKind }); calls: our calls edges, one entry per call site
 * (graphCalls.readCallEdges); analyzed: the set of files the compiler saw. Returns the
 * figures (overall, and per call form in byForm and byGroup) and the mismatch patterns.
 */
export function compareCalls(sites, calls, analyzed) {
  const siteAt = new Map();
  const sitesOnLine = new Map();
  for (const site of sites) {
    if (!siteAt.has(site.key)) siteAt.set(site.key, site);
    const lineKey = `${site.file}:${site.line}`;
    if (!sitesOnLine.has(lineKey)) sitesOnLine.set(lineKey, []);
    sitesOnLine.get(lineKey).push(site);
  }
  // A request or rpc call crosses a protocol to a route or rpc node: no compiler sees that
  // hop (bench/services.mjs measures it); only language-level calls are judged here.
  const inScope = calls.filter((c) => analyzed.has(c.file) && !PROTOCOL_TARGETS.has(c.targetKind));
  const edgesAt = new Map();
  for (const edge of inScope) {
    if (!edgesAt.has(edge.key)) edgesAt.set(edge.key, []);
    edgesAt.get(edge.key).push(edge);
  }
  const resolved = inScope.filter((c) => !c.unresolved);
  const patterns = new Patterns();
  const example = (key, ours, site) => `${key}  ours=${ours}  compiler=${compilerView(site)}`;

  let correctEdges = 0;
  let noCompilerCall = 0;
  const byShape = {};
  const tally = (shape, correct) => {
    byShape[shape] ??= { R: 0, correct: 0 };
    byShape[shape].R++;
    if (correct) byShape[shape].correct++;
  };
  const wrongByOutcome = { none: 0, external: 0, 'repo-unnamed': 0, repo: 0 };
  // Per provenance: an enrichment pass must not add wrong edges while fixing others.
  const byProvenance = {};
  const forms = new FormTally();
  for (const edge of resolved) {
    const site = siteAt.get(edge.key);
    tally(site?.shape ?? 'no compiler call', site?.names.has(edge.local) ?? false);
    byProvenance[edge.provenance ?? 'unknown'] ??= { R: 0, correct: 0 };
    byProvenance[edge.provenance ?? 'unknown'].R++;
    if (site?.names.has(edge.local)) byProvenance[edge.provenance ?? 'unknown'].correct++;
    forms.edge(site, site?.names.has(edge.local) ?? false);
    if (!site) {
      noCompilerCall++;
      patterns.note(`precision: no compiler call at our position; ${positionHint(edge, sitesOnLine.get(`${edge.file}:${edge.line}`))}`, example(edge.key, edge.local, site));
      continue;
    }
    if (site.names.has(edge.local)) {
      correctEdges++;
      continue;
    }
    wrongByOutcome[site.outcome] = (wrongByOutcome[site.outcome] ?? 0) + 1;
    let why;
    if (site.outcome === 'none') why = 'compiler finds no symbol';
    else if (site.outcome === 'conversion') why = 'a conversion T(x), not a call';
    else if (site.outcome === 'builtin') why = 'a builtin';
    else if (site.outcome === 'external') why = `compiler resolves outside the repo (${externalKind(site.declFile)})`;
    else if (site.outcome === 'repo-unnamed') why = `compiler resolves to a local/unnamed ${site.declKind}`;
    else {
      const relation = edge.local.startsWith(`${site.modulePath}.`)
        ? 'same module, other symbol'
        : edge.local.endsWith(`.${site.symbol}`) || lastSegment(edge.local) === lastSegment(site.symbol) ? 'same name, other module' : 'other module and name';
      why = `different in-repo target (${relation}; compiler ${site.declKind}${site.nested ? ', nested' : ''}; ours ${edge.targetKind})`;
    }
    patterns.note(`precision: ${site.shape} ${why}`, example(edge.key, `${edge.local} (${edge.provenance})`, site));
  }

  const expected = sites.filter((s) => s.outcome === 'repo' && s.functionLike);
  const groups = new Map();
  for (const site of expected) {
    const groupKey = `${site.file}|${site.caller}|${[...site.names].sort()[0]}`;
    if (!groups.has(groupKey)) groups.set(groupKey, []);
    groups.get(groupKey).push(site);
  }
  const hit = (site) => (edgesAt.get(site.key) ?? []).some((e) => site.names.has(e.local));
  let recalledSites = 0;
  let recalledPairs = 0;
  let missedAsUnresolved = 0;
  let missedWithoutEdge = 0;
  let missedBesideThePairsEdge = 0;
  for (const group of groups.values()) {
    const groupHit = group.some(hit);
    if (groupHit) recalledPairs++;
    forms.pair(group, groupHit);
    for (const site of group) {
      forms.site(site, hit(site));
      if (hit(site)) {
        recalledSites++;
        continue;
      }
      const here = edgesAt.get(site.key) ?? [];
      const kind = `${site.declKind}${site.nested ? ', nested' : ''}`;
      if (here.some((e) => !e.unresolved)) continue; // a wrong target: counted under precision
      if (here.length > 0) {
        missedAsUnresolved++;
        patterns.note(`recall: ${site.shape} left UNRESOLVED by us (compiler: in-repo ${kind})`, example(site.key, here[0].local, site));
      } else if (groupHit) {
        missedBesideThePairsEdge++;
        patterns.note('recall: no edge at this site, though the same caller->callee edge holds other sites (this call was not resolved)', example(site.key, 'none', site));
      } else {
        missedWithoutEdge++;
        patterns.note(`recall: ${site.shape} no edge of ours at this site (compiler: in-repo ${kind})`, example(site.key, 'none', site));
      }
    }
  }

  return {
    precision: ratio(correctEdges, resolved.length),
    recall: ratio(recalledSites, expected.length),
    pairRecall: ratio(recalledPairs, groups.size),
    counts: {
      ourCallEdges: calls.length,
      ourCallEdgesOutsideAnalyzedFiles: calls.length - inScope.length,
      ourUnresolvedEdges: inScope.length - resolved.length,
      R: resolved.length,
      correctEdges,
      RWithoutCompilerCall: noCompilerCall,
      RWrongByCompilerOutcome: wrongByOutcome,
      RByCalleeShape: byShape,
      RByProvenance: byProvenance,
      compilerSites: sites.length,
      C: expected.length,
      recalledSites,
      pairs: groups.size,
      recalledPairs,
      missedAsUnresolved,
      missedWithoutEdge,
      missedBesideThePairsEdge,
    },
    byForm: forms.figures('shape'),
    byGroup: forms.figures('group'),
    patterns: patterns.top(15),
  };
}
