import { describe, expect, it } from 'vitest';
import { collectMigrations, type MeridianMigration } from './migrate.ts';

const noop: MeridianMigration = { up: async () => undefined };

describe('the migrations of every feature', () => {
  it('refuse a name or a number another feature already took', () => {
    expect(() =>
      collectMigrations([
        { name: 'iot', migrations: { '0037_upgrades': noop } },
        { name: 'mind', migrations: { '0037_mind_menus': noop } },
      ]),
    ).toThrow('migration 0037_mind_menus of mind has the number of 0037_upgrades');
    expect(() =>
      collectMigrations([
        { name: 'iot', migrations: { '0040_x': noop } },
        { name: 'mind', migrations: { '0040_x': noop } },
      ]),
    ).toThrow('migration 0040_x of mind has the name of one of iot');
  });
});
