import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { MeridianMigration } from './db/migrate.ts';
import type { Cleanup } from './jobs/cleanup.ts';
import type { JobDefinition, Schedule } from './jobs/types.ts';

/**
 * A room of the product: its tables (migrations), its routes (mounted under `/api`), its background
 * jobs and schedules, the expired rows the nightly cleanup removes for it, and what it writes on a
 * first start. `src/features.ts` lists them all and composes their tables into one `Database` type.
 */
export interface Feature {
  name: string;
  /**
   * The migrations that make this feature's tables, by name. Every feature's migrations run, in the
   * order of their names, whichever apps a deployment offers (the schema is whole everywhere).
   */
  migrations?: Record<string, MeridianMigration>;
  /** Run in feature order on every start, after the migrations: first-start accounts, demo data. */
  seeds?: readonly Seed[];
  routes?: FastifyPluginAsyncZod;
  jobs?: readonly JobDefinition[];
  schedules?: readonly Schedule[];
  cleanups?: readonly Cleanup[];
  /** Long-running listeners (the DTU port, the MQTT broker) started in processes that run the gateway service. */
  gateway?: readonly GatewayService[];
}

/** A start-up writer; it decides itself whether it has work (a mark in `settings`, an empty table). */
export type Seed = (context: FeatureContext) => Promise<unknown>;

export interface FeatureContext {
  config: Config;
  db: Db;
  log: Logger;
}

/** A listener of the device gateway: `start` resolves once it accepts connections; `stop` closes it and its connections. */
export interface GatewayService {
  name: string;
  start(context: FeatureContext): Promise<{ stop(): Promise<void> }>;
}
