/** A one-line progress bar on stderr when it is a TTY; silent otherwise. */
/** What a bar shows: a phase or server name, and work done of the total. */
export interface ProgressStep {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
}

export function progressBar(stream: NodeJS.WritableStream & { readonly isTTY?: boolean }): { update(p: ProgressStep): void; end(): void } {
  if (!stream.isTTY) return { update: () => undefined, end: () => undefined };
  let lastDraw = 0;
  return {
    update({ phase, done, total }) {
      const now = Date.now();
      if (now - lastDraw < 50 && done !== total) return;
      lastDraw = now;
      const width = 30;
      const filled = total > 0 ? Math.round((done / total) * width) : 0;
      stream.write(`\r${phase.padEnd(8)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}   `);
    },
    end() {
      stream.write('\r\x1b[K');
    },
  };
}
