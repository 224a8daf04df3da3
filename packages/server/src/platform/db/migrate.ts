import { type ColumnDataType, type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db, Engine } from './database.ts';

/** What a migration gets: the database, and the column types that differ between engines. */
export interface MigrationContext {
  db: Kysely<unknown>;
  engine: Engine;
  types: {
    /** Integer epoch milliseconds, the type of every timestamp. */
    time: ColumnDataType;
    json: ColumnDataType;
    bool: ColumnDataType;
  };
  /** `false` as a column default, in the engine's spelling. */
  no: RawBuilder<unknown>;
  /** Keeps PostgreSQL's identity sequence ahead of rows inserted with explicit ids. */
  syncIdentity(table: string): Promise<void>;
  /** Adds `id` as an integer identity primary key. */
  withId<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

export type MigrationStep = (ctx: MigrationContext) => Promise<void>;
export interface MeridianMigration {
  up: MigrationStep;
  down?: MigrationStep;
}

/** The context migrations run with; tests use it to build scratch tables the same way. */
export function contextFor(db: Kysely<unknown>, engine: Engine): MigrationContext {
  const pg = engine === 'postgres';
  return {
    db,
    engine,
    types: { time: 'bigint', json: pg ? 'jsonb' : 'text', bool: pg ? 'boolean' : 'integer' },
    no: pg ? sql`false` : sql`0`,
    async syncIdentity(table) {
      if (!pg) return;
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.table(table)}))`.execute(
        db,
      );
    },
    withId: (table) =>
      pg
        ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
  };
}

/** Every feature's migrations as one list, refusing a name two features both use. */
export function collectMigrations(
  features: readonly { name: string; migrations?: Record<string, MeridianMigration> }[],
) {
  const all: Record<string, MeridianMigration> = {};
  const owner = new Map<string, string>();
  // Names sort into one order across features, and a database refuses a migration that sorts
  // before one it already ran: a new one takes the next free number, never one already used.
  const numbers = new Map<string, string>();
  for (const feature of features) {
    for (const [name, migration] of Object.entries(feature.migrations ?? {})) {
      const taken = owner.get(name);
      if (taken) throw new Error(`migration ${name} of ${feature.name} has the name of one of ${taken}`);
      const number = name.split('_')[0] ?? name;
      const same = numbers.get(number);
      if (same) throw new Error(`migration ${name} of ${feature.name} has the number of ${same}`);
      numbers.set(number, name);
      owner.set(name, feature.name);
      all[name] = migration;
    }
  }
  return all;
}

function providerFor(engine: Engine, migrations: Record<string, MeridianMigration>): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) {
        out[name] = {
          up: (db) => m.up(contextFor(db, engine)),
          down: m.down ? (db) => m.down?.(contextFor(db, engine)) ?? Promise.resolve() : undefined,
        };
      }
      return out;
    },
  };
}

/**
 * Brings the schema up to date with the given migrations, run in the order of their names whatever
 * feature owns them. Kysely's migrator holds a lock, so nodes starting together migrate once.
 */
export async function migrateToLatest(db: Db, migrations: Record<string, MeridianMigration>): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: providerFor(db.engine, migrations) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
