import type { StorageType } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { devicesTemplatesOf, storageOfPoints, templateVersion } from './repository.ts';

/** How one point is kept: none (latest only), timed (every reading), or on change beyond the amplitude. */
export interface StorageRule {
  storage: StorageType;
  amplitude: number;
}

export interface DeviceRules {
  enabled: boolean;
  templateId: number | null;
  points: ReadonlyMap<number, StorageRule>;
}

const NO_POINTS: ReadonlyMap<number, StorageRule> = new Map();

/**
 * Whether a reading is stored in history. On change: only when the value moved by more than the
 * amplitude from the last stored one (exactly the amplitude does not store); a value of another
 * kind (text, a switch) stores when it differs. The first reading of a point always stores.
 */
export function shouldStore(
  rule: StorageRule | undefined,
  value: number | string,
  lastStored: number | string | undefined,
): boolean {
  if (!rule || rule.storage === 'none') return false;
  if (rule.storage === 'timed' || lastStored === undefined) return true;
  if (typeof value === 'number' && typeof lastStored === 'number') return Math.abs(value - lastStored) > rule.amplitude;
  return value !== lastStored;
}

/**
 * The storage rules of each device's template, read once and kept: a device's template and enabled
 * state are re-read after `deviceTtlMs` (all the devices of a flush that are due in one query), a
 * template's points when its `updated_at` moves (checked at most every `templateCheckMs`), so an
 * edited template takes effect within seconds without a query per reading.
 */
export class RulesCache {
  readonly #db: Kysely<Database>;
  readonly #devices = new Map<number, { enabled: boolean; templateId: number | null; readAt: number }>();
  readonly #templates = new Map<number, { points: Map<number, StorageRule>; updatedAt: number; checkedAt: number }>();

  readonly deviceTtlMs: number;
  readonly templateCheckMs: number;

  constructor(db: Kysely<Database>, deviceTtlMs = 10_000, templateCheckMs = 5_000) {
    this.#db = db;
    this.deviceTtlMs = deviceTtlMs;
    this.templateCheckMs = templateCheckMs;
  }

  /**
   * The rules of each device, reading the devices not read within `deviceTtlMs` in one query
   * (a flush's devices together, decision 0168); a device that is gone has none.
   */
  async rulesOf(deviceIds: readonly number[], now = Date.now()): Promise<Map<number, DeviceRules | undefined>> {
    const stale: number[] = [];
    for (const id of deviceIds) {
      const device = this.#devices.get(id);
      if (!device || now - device.readAt > this.deviceTtlMs) stale.push(id);
    }
    if (stale.length) {
      const found = new Set<number>();
      for (const row of await devicesTemplatesOf(this.#db, stale)) {
        found.add(row.id);
        this.#devices.set(row.id, { enabled: toBool(row.enabled), templateId: row.template_id, readAt: now });
      }
      for (const id of stale) if (!found.has(id)) this.#devices.delete(id);
    }
    const out = new Map<number, DeviceRules | undefined>();
    for (const id of deviceIds) {
      const device = this.#devices.get(id);
      if (!device) {
        out.set(id, undefined);
        continue;
      }
      const templateId = device.templateId;
      if (templateId === null) {
        out.set(id, { enabled: device.enabled, templateId, points: NO_POINTS });
        continue;
      }
      const cached = this.#templates.get(templateId);
      const points =
        cached && now - cached.checkedAt <= this.templateCheckMs
          ? cached.points
          : await this.#pointsOf(templateId, now);
      out.set(id, { enabled: device.enabled, templateId, points });
    }
    return out;
  }

  /** Forgets a device (edited, deleted): the next reading reads it again. */
  forget(deviceId: number): void {
    this.#devices.delete(deviceId);
  }

  async #pointsOf(templateId: number, now: number): Promise<ReadonlyMap<number, StorageRule>> {
    const cached = this.#templates.get(templateId);
    if (cached && now - cached.checkedAt <= this.templateCheckMs) return cached.points;
    const template = await templateVersion(this.#db, templateId);
    if (!template) return NO_POINTS;
    if (cached && cached.updatedAt === template.updated_at) {
      cached.checkedAt = now;
      return cached.points;
    }
    const rows = await storageOfPoints(this.#db, templateId);
    const points = new Map(rows.map((p) => [p.id, { storage: p.storage, amplitude: Math.abs(p.amplitude ?? 0) }]));
    this.#templates.set(templateId, { points, updatedAt: template.updated_at, checkedAt: now });
    return points;
  }
}
