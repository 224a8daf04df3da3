import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { templatePoints, templateStamp } from './repository.ts';
import { type GatewayPoint, gatewayPoint } from './values.ts';

/** How often a connected template is checked for edits. */
const CHECK_EVERY_MS = 30_000;

interface Entry {
  stamp: number | undefined;
  points: Promise<readonly GatewayPoint[]>;
  /** The points once loaded, for `current`. */
  loaded?: readonly GatewayPoint[];
  checkedAt: number;
}

/** The points of a device without a template: one list, so that its read plan is made once. */
const NO_POINTS: readonly GatewayPoint[] = [];

/**
 * The compiled points of each template in use, shared by every device of it (10,000 DTUs of one
 * model compile its formulas once). An edited template is picked up within CHECK_EVERY_MS.
 */
export class TemplatePlans {
  readonly #byTemplate = new Map<number, Entry>();

  readonly #db: Db;
  readonly #log: Logger;

  constructor(db: Db, log: Logger) {
    this.#db = db;
    this.#log = log;
  }

  /**
   * The points of a template checked for edits within CHECK_EVERY_MS, without a promise (each poll
   * asks; most of the time nothing is due); undefined when `get` must look.
   */
  current(templateId: number | null): readonly GatewayPoint[] | undefined {
    if (templateId === null) return NO_POINTS;
    const entry = this.#byTemplate.get(templateId);
    if (!entry?.loaded || Date.now() - entry.checkedAt >= CHECK_EVERY_MS) return undefined;
    return entry.loaded;
  }

  async get(templateId: number | null): Promise<readonly GatewayPoint[]> {
    if (templateId === null) return NO_POINTS;
    const entry = this.#byTemplate.get(templateId);
    if (entry && Date.now() - entry.checkedAt < CHECK_EVERY_MS) return entry.points;
    const stamp = await templateStamp(this.#db.kysely, templateId);
    if (entry && entry.stamp === stamp) {
      entry.checkedAt = Date.now();
      return entry.points;
    }
    const fresh: Entry = { stamp, points: Promise.resolve([]), checkedAt: Date.now() };
    const points = templatePoints(this.#db.kysely, templateId).then((rows) => {
      const loaded = rows.map(gatewayPoint);
      fresh.loaded = loaded;
      return loaded;
    });
    fresh.points = points;
    this.#byTemplate.set(templateId, fresh);
    points.catch((error: unknown) => {
      this.#log.warn({ templateId, error }, 'template points not loaded');
      this.#byTemplate.delete(templateId);
    });
    return points;
  }
}
