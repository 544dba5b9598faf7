// A second process for the PostgreSQL store's tests (run with `node --import tsx`): what it
// does is its first argument, the database URL its second. It prints one line when it has
// got where the test waits for it.
//   open <url>                 opens the store (creating the schema), prints `opened`, closes
//   kill-in-transaction <url>  commits node `committed`, then writes node `uncommitted` in a
//                              transaction it never ends, prints `inside`, and waits to be killed
//   lock <url> [--no-wait]     takes the writer lock, prints `held` (or `refused <message>`),
//                              and holds it until its stdin ends
//   lock-repo <url> <repo hash> the same with the writer lock of that repository
import { openStore } from '../../src/store';
import { FILE, node } from '../store/contract/rows';

async function main(): Promise<void> {
  const [mode, url, ...flags] = process.argv.slice(2);
  if (mode === 'open') {
    const store = await openStore(url);
    process.stdout.write('opened\n');
    await store.close();
    return;
  }
  if (mode === 'kill-in-transaction') {
    const store = await openStore(url);
    await store.transaction((tx) => tx.replaceFileNodes(FILE, [node('committed')], 1));
    await store.transaction(async (tx) => {
      await tx.replaceFileNodes(FILE, [node('committed'), node('uncommitted')], 2);
      process.stdout.write('inside\n');
      await new Promise(() => undefined);
    });
    return;
  }
  if (mode === 'lock' || mode === 'lock-repo') {
    try {
      const repository = mode === 'lock-repo' ? { repository: flags[0] } : {};
      const store = await openStore(url, { writer: { wait: !flags.includes('--no-wait'), command: `postgresChild ${mode}`, ...repository } });
      process.stdout.write('held\n');
      process.stdin.resume();
      await new Promise((resolve) => process.stdin.once('end', resolve));
      await store.close();
    } catch (error) {
      process.stdout.write(`refused ${(error as Error).message}\n`);
    }
    return;
  }
  throw new Error(`postgresChild: unknown mode ${mode}`);
}

main().then(() => process.exit(0), (error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
