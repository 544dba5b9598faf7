// A synthetic graph with one hub: `levels[i]` callers at depth i + 1 (each calls one node
// of the level below, round robin), in files of 50 functions, beside `others` unrelated
// functions calling each other in short chains (the rest of a realistic graph, which a
// bounded walk must not read). Written through a store's own bulk path, the same rows on
// every backend. Used by bench/pgTraversal.mjs and the parity tests of the bounded walk.

const FUNCTIONS_PER_FILE = 50;
const PROVENANCES = [['ast_inferred', 0.7], ['lsp_resolved', 0.9]];

/**
 * Writes the graph into `store` (an open GraphStore) with `model` (the engine's Identity);
 * returns the hub and the counts. Every name is deterministic, so two stores get one graph.
 */
export async function writeSyntheticHub(store, model, { repoUrl = 'bench.example/hub', levels, others = 0 }) {
  const { Identity } = model;
  const repoHash = Identity.repo(repoUrl);
  const files = [];
  const nodes = [];
  const edges = [];
  const filePaths = new Map();
  const fileOf = (index) => {
    const fileIndex = Math.floor(index / FUNCTIONS_PER_FILE);
    if (!files[fileIndex]) {
      const path = `src/f${String(fileIndex).padStart(5, '0')}.ts`;
      files[fileIndex] = {
        fileHash: Identity.file(repoHash, path), repoHash, path, contentHash: Identity.file(repoHash, `content:${path}`), language: 'typescript', sizeBytes: 1000,
      };
      filePaths.set(files[fileIndex].fileHash, path);
    }
    return files[fileIndex];
  };
  const addNode = (name) => {
    const index = nodes.length;
    const file = fileOf(index);
    const qualifiedName = `${repoUrl}://${file.path.replace(/\.ts$/, '')}.${name}`;
    const line = (index % FUNCTIONS_PER_FILE) * 10 + 1;
    const node = {
      nodeHash: Identity.node(repoUrl, qualifiedName, 'function'), fileHash: file.fileHash, repoHash, qualifiedName, kind: 'function',
      line, column: 1, endLine: line + 8, signature: `${name}()`, bodyHash: Identity.file(repoHash, `body:${name}`), doc: '',
    };
    nodes.push(node);
    return node;
  };
  const call = (source, target, n) => {
    const [provenance, confidence] = PROVENANCES[n % PROVENANCES.length];
    edges.push({
      edgeHash: Identity.edge(source.nodeHash, target.nodeHash, 'calls', provenance), sourceHash: source.nodeHash, targetHash: target.nodeHash,
      edgeType: 'calls', provenance, confidence, callSiteFile: filePaths.get(source.fileHash), callSiteLine: source.line + 1, callSiteCol: 5,
      laterCallSites: [], observationCount: 0, lastObserved: 0, ownerFileHash: source.fileHash,
    });
  };
  const hub = addNode('hub');
  let below = [hub];
  levels.forEach((count, depth) => {
    const level = [];
    for (let i = 0; i < count; i++) {
      const caller = addNode(`caller_${depth + 1}_${i}`);
      call(caller, below[i % below.length], i);
      level.push(caller);
    }
    below = level;
  });
  let previous;
  for (let i = 0; i < others; i++) {
    const node = addNode(`other_${i}`);
    if (previous && i % 4 !== 0) call(node, previous, i);
    previous = node;
  }
  const snapshotHash = Identity.snapshot(repoHash, 'synthetic');
  await store.transaction(async (tx) => {
    await tx.upsertRepo({ repoHash, repoUrl, rootPath: '/synthetic', serviceName: 'hub' });
    for (const file of files) await tx.openFile(file, 1);
    await tx.bulkLoad(repoHash, 1, snapshotHash, () => tx.insertNewRows(nodes, edges, repoHash, 1));
  });
  return { hub, repoHash, nodes: nodes.length, edges: edges.length, callers: levels.reduce((a, b) => a + b, 0) };
}
