import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** What one item of a batch came to: its answer, or the error that refuses it alone. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Queued<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Batching without a timer (decisions 0155 and 0165): items that arrive while a batch is under way
 * wait for it, then go together in the next one, at most `most` at a time and at most `parallel`
 * batches at once. Alone, an item goes at once, so a quiet server adds no wait; under load the
 * batches grow by themselves. `run` answers each item of a batch in order; when it throws, every
 * item of that batch is refused with its error and the next batch goes on.
 *
 * The campus intake reads the devices of the requests arriving together in one statement, and
 * stores their events in one transaction with one statement per table and one commit.
 */
export class Batches<I, O> {
  readonly #run: (items: I[]) => Promise<Array<Settled<O>>>;
  readonly #most: number;
  readonly #parallel: number;
  #queue: Array<Queued<I, O>> = [];
  #running = 0;

  constructor(run: (items: I[]) => Promise<Array<Settled<O>>>, options: { most?: number; parallel?: number } = {}) {
    this.#run = run;
    this.#most = options.most ?? 200;
    this.#parallel = options.parallel ?? 1;
  }

  /** Sends `item` with the next batch; resolves with its answer once that batch has run. */
  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (this.#running < this.#parallel) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running++;
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#most);
        let answers: Array<Settled<O>>;
        try {
          answers = await this.#run(batch.map((q) => q.item));
        } catch (error) {
          for (const q of batch) q.reject(error);
          continue;
        }
        batch.forEach((q, i) => {
          const answer = answers[i];
          if (answer?.ok) q.resolve(answer.value);
          else q.reject(answer ? answer.error : new Error('a batch left an item without an answer'));
        });
      }
    } finally {
      this.#running--;
    }
  }
}

/**
 * A batch's rows, one statement per chunk. On SQLite, in chunks of powers of two (13 = 8 + 4 + 1),
 * so that a multi-row statement takes one of a few texts, which its statement cache keeps prepared
 * (platform/db/sqlite.ts) instead of preparing a new text per batch size and pushing the server's
 * other statements out of it; on PostgreSQL whole, one round trip (pg parses each statement anyway).
 */
export function statementChunks<T>(db: Kysely<Database> | Transaction<Database>, rows: readonly T[]): T[][] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return rows.length > 0 ? [[...rows]] : [];
  const chunks: T[][] = [];
  let at = 0;
  while (at < rows.length) {
    const size = 2 ** Math.floor(Math.log2(rows.length - at));
    chunks.push(rows.slice(at, at + size));
    at += size;
  }
  return chunks;
}
