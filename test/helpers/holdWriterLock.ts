/**
 * A separate writer for lock tests, run as its own process:
 *   node --import tsx test/helpers/holdWriterLock.ts <db> [--no-wait]
 * Takes the graph's writer lock, prints "held <pid>" and keeps it until stdin ends. With
 * --no-wait and the lock taken, prints the error and exits with its CLI code (4).
 */
import { openStore } from '../../src/store';

async function main(): Promise<number> {
  const [db, flag] = process.argv.slice(2);
  let store;
  try {
    store = await openStore(db, { writer: { wait: flag !== '--no-wait', command: 'holdWriterLock test' } });
  } catch (error) {
    process.stdout.write(`refused ${(error as Error).message}\n`);
    return (error as { code?: string }).code === 'store_locked' ? 4 : 1;
  }
  process.stdout.write(`held ${process.pid}\n`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await store.close();
  return 0;
}

main().then((code) => {
  process.exitCode = code;
}, (error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
