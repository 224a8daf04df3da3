import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { templatePoints, templateStamp } from './repository.ts';
import { type GatewayPoint, gatewayPoint } from './values.ts';

/** How often a connected template is checked for edits. */
const CHECK_EVERY_MS = 30_000;

interface Entry {
  stamp: number | undefined;
  points: Promise<readonly GatewayPoint[]>;
  checkedAt: number;
}

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

  async get(templateId: number | null): Promise<readonly GatewayPoint[]> {
    if (templateId === null) return [];
    const entry = this.#byTemplate.get(templateId);
    if (entry && Date.now() - entry.checkedAt < CHECK_EVERY_MS) return entry.points;
    const stamp = await templateStamp(this.#db.kysely, templateId);
    if (entry && entry.stamp === stamp) {
      entry.checkedAt = Date.now();
      return entry.points;
    }
    const points = templatePoints(this.#db.kysely, templateId).then((rows) => rows.map(gatewayPoint));
    this.#byTemplate.set(templateId, { stamp, points, checkedAt: Date.now() });
    points.catch((error: unknown) => {
      this.#log.warn({ templateId, error }, 'template points not loaded');
      this.#byTemplate.delete(templateId);
    });
    return points;
  }
}
