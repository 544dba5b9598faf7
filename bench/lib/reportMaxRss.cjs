// Preloaded into a measured `ckg` process (node --require): on exit it prints the kernel's
// peak RSS of the whole process (main thread, parse workers, wasm and array buffers) as
// one marker line on stderr. Sampling from outside misses a peak in the last moments
// before exit, which is where a cold index's save puts it.
process.on('exit', () => {
  process.stderr.write(`\nckg-bench-max-rss-kib ${process.resourceUsage().maxRSS}\n`);
});
