import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** One unit of work of a group commit: its own writes, all or none, in the shared transaction. */
export type GroupWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Queued {
  work: GroupWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (decision 0155): units of work that arrive while a commit is under way wait for it,
 * then run together in one transaction, each behind its own savepoint so that a unit that fails is
 * undone alone and fails alone. Every caller is answered only once the transaction has committed,
 * so that an answer never names a write a crash could still lose. Alone, a unit commits at once: no
 * timer, no added wait; under load the groups grow by themselves, and SQLite writes its pages and
 * its log once per group instead of once per unit.
 */
export class GroupCommit {
  readonly #db: Kysely<Database>;
  readonly #most: number;
  #queue: Queued[] = [];
  #running = false;

  /** `most`: the units one transaction takes at most, so that one group does not hold the writer too long. */
  constructor(db: Kysely<Database>, most = 200) {
    this.#db = db;
    this.#most = most;
  }

  /** Runs `work` in the next group's transaction; resolves with its answer once that transaction has committed. */
  run<T>(work: GroupWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        const group = this.#queue.splice(0, this.#most);
        await this.#commit(group);
      }
    } finally {
      this.#running = false;
    }
  }

  async #commit(group: Queued[]): Promise<void> {
    const answers: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      const trx = await this.#db.startTransaction().execute();
      try {
        for (const unit of group) {
          const inside = await trx.savepoint('unit').execute();
          try {
            answers.push({ ok: true, value: await unit.work(inside) });
            await inside.releaseSavepoint('unit').execute();
          } catch (error) {
            await inside.rollbackToSavepoint('unit').execute();
            await inside.releaseSavepoint('unit').execute();
            answers.push({ ok: false, error });
          }
        }
        await trx.commit().execute();
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
    } catch (error) {
      // The transaction itself failed (begin, a savepoint, the commit): nothing of the group is stored.
      for (const unit of group) unit.reject(error);
      return;
    }
    group.forEach((unit, i) => {
      const answer = answers[i];
      if (answer?.ok) unit.resolve(answer.value);
      else unit.reject(answer?.error);
    });
  }
}
