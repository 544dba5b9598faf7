import { Client } from 'pg';
import type { GenerationNotice, GenerationWatch } from '../roles';
import { redactSecrets } from './redact';

/** The channel every committing writer NOTIFYs on, inside its transaction (delivered on commit). */
export const GENERATION_CHANNEL = 'ckg_generation';
/** The meta row holding when the newest generation was committed (see commitGeneration). */
export const COMMITTED_AT_KEY = 'generation_committed_at';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

/**
 * Bumps the generation, records when, and NOTIFYs listeners, in one statement of the
 * writer's open transaction: PostgreSQL delivers the notice only if and when it commits.
 * The time is kept in `meta`, not a new column, so the schema's version (shared with the
 * graph file's numbering) does not move and older builds still open the database.
 * Returns the new total.
 */
export const COMMIT_GENERATION_SQL = `
WITH bumped AS (
  UPDATE generation SET total = total + 1, runtime = runtime + $1 RETURNING total, runtime
), stamped AS (
  INSERT INTO meta (key, value) VALUES ('${COMMITTED_AT_KEY}', extract(epoch FROM clock_timestamp())::text)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value
)
SELECT total, pg_notify('${GENERATION_CHANNEL}', total || ' ' || runtime) FROM bumped`;

/** The generation row with its commit time. */
export const READ_GENERATION_SQL = `
SELECT g.total, g.runtime, m.value FROM generation g LEFT JOIN meta m ON m.key = '${COMMITTED_AT_KEY}'`;

/**
 * LISTENs for committed generations on a connection of its own (a pooled one would be
 * handed to other work). A lost connection is reopened with growing pauses; until then
 * nobody is told, so callers keep reading the generation row per request, which stays the
 * truth either way (a notice arrives after the commit, never before). Each (re)connection
 * is announced as a `resync`, since notices sent while it was down are gone.
 */
export class GenerationListener implements GenerationWatch {
  private client: Client | undefined;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private timer: NodeJS.Timeout | undefined;
  private connected = false;

  constructor(
    private readonly connection: string,
    private readonly onNotice: (notice: GenerationNotice) => void,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  get listening(): boolean {
    return this.connected;
  }

  start(): void {
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.connected = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    // keepAlive: a silent listener must notice a connection a firewall dropped.
    const client = new Client({ connectionString: this.connection, application_name: 'ckg listen', keepAlive: true });
    let lost = false;
    const onLost = (error?: Error): void => {
      if (lost) return;
      lost = true;
      this.dropped(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== GENERATION_CHANNEL) return;
      const [total, runtime] = (message.payload ?? '').split(' ').map(Number);
      if (Number.isFinite(total) && Number.isFinite(runtime)) this.onNotice({ kind: 'committed', total, runtime });
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${GENERATION_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.connected = true;
    this.retryMs = FIRST_RETRY_MS;
    this.onNotice({ kind: 'resync' });
  }

  private dropped(client: Client, error: Error | undefined): void {
    const wasListening = this.client === client && this.connected;
    if (this.client === client) this.client = undefined;
    this.connected = false;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasListening) {
      const why = error ? `: ${redactSecrets(error.message, this.connection)}` : '';
      this.log(`lost the connection that listens for new generations${why}; each request reads the generation until it is back`);
    }
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }
}
