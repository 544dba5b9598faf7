// Loaded with `node --require` into the process bench/soak.mjs measures: every
// CKG_MEMORY_PROBE_MS (500) ms it appends one JSON line to the file CKG_MEMORY_PROBE names,
// with process.memoryUsage() and the size of every WebAssembly memory the main thread made
// (sql.js, tree-sitter), so growth outside the JS heap can be told apart. Parse workers
// load it too (they inherit execArgv) and stay silent: their memory is in the process's RSS.
// On SIGUSR2 (with --expose-gc) it runs a full collection first and writes a line marked
// `afterFullGc`: what the process keeps, without the garbage between two collections.
'use strict';
const fs = require('node:fs');
const v8 = require('node:v8');
const { isMainThread } = require('node:worker_threads');

const file = process.env.CKG_MEMORY_PROBE;
if (file && isMainThread) {
  /** Every wasm memory seen, in the order made: [label, WebAssembly.Memory]. */
  const memories = [];
  const note = (label, memory) => {
    if (memory instanceof WebAssembly.Memory && !memories.some(([, m]) => m === memory)) memories.push([`${label}#${memories.length}`, memory]);
  };
  const noteExports = (label, instance) => {
    for (const value of Object.values(instance?.exports ?? {})) note(label, value);
  };
  const OriginalMemory = WebAssembly.Memory;
  WebAssembly.Memory = function Memory(descriptor) {
    const memory = new OriginalMemory(descriptor);
    note('memory', memory);
    return memory;
  };
  WebAssembly.Memory.prototype = OriginalMemory.prototype;
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (...args) {
    const result = await instantiate.apply(this, args);
    noteExports('instance', result.instance ?? result);
    return result;
  };
  const OriginalInstance = WebAssembly.Instance;
  WebAssembly.Instance = function Instance(module, imports) {
    const instance = new OriginalInstance(module, imports);
    noteExports('instance', instance);
    return instance;
  };
  WebAssembly.Instance.prototype = OriginalInstance.prototype;

  const started = Date.now();
  const sample = (marks = {}) => {
    const usage = process.memoryUsage();
    const wasm = Object.fromEntries(memories.map(([label, memory]) => [label, memory.buffer.byteLength]));
    // Committed size per V8 heap space: which space heapTotal's changes are in.
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
    fs.appendFileSync(file, `${JSON.stringify({ t: Date.now() - started, ...usage, wasm, spaces, ...marks })}\n`);
  };
  setInterval(sample, Number(process.env.CKG_MEMORY_PROBE_MS ?? 500)).unref();
  if (typeof globalThis.gc === 'function') {
    process.on('SIGUSR2', () => {
      globalThis.gc();
      // Freed pages go back to the system once sweeping ends, shortly after the collection.
      setTimeout(() => sample({ afterFullGc: true }), 300).unref();
    });
  }
}
