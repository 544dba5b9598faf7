// A writer process for the page-save tests: opens the graph at argv[2] as its writer,
// gives every repository whose index is a multiple of argv[3] a new root path ending in
// argv[4] (and with argv[5] = n, n times in a row, marks 1..n, each saved: a busy writer).
// CKG_TEST_KILL_SAVE_AT (pageSave.ts) makes it kill itself mid-save.
import { openStore } from '../../src/store';

async function main(): Promise<void> {
  const [db, every, mark, rounds] = process.argv.slice(2);
  const store = await openStore(db, { writer: { wait: true, command: 'saveGraphChange' } });
  try {
    const repos = (await store.repos()).sort((a, b) => a.repoUrl.localeCompare(b.repoUrl));
    const marks = rounds ? Array.from({ length: Number(rounds) }, (_, i) => String(i + 1)) : [mark];
    for (const next of marks) {
      await store.transaction(async (tx) => {
        for (let i = 0; i < repos.length; i += Number(every)) await tx.upsertRepo({ ...repos[i], rootPath: `${repos[i].rootPath}-${next}` });
      });
      await store.save();
      // A busy writer, yet one whose saves readers can fall between.
      if (rounds) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await store.close();
  }
  process.stdout.write('saved\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
