import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Cleanup } from './jobs/cleanup.ts';
import type { JobDefinition, Schedule } from './jobs/types.ts';

/**
 * A room of the product: its routes (mounted under `/api`), its background jobs and schedules,
 * and the expired rows the nightly cleanup removes for it. `src/features.ts` lists them all.
 */
export interface Feature {
  name: string;
  routes?: FastifyPluginAsyncZod;
  jobs?: readonly JobDefinition[];
  schedules?: readonly Schedule[];
  cleanups?: readonly Cleanup[];
  /** Long-running listeners (the DTU port, the MQTT broker) started in processes that run the gateway service. */
  gateway?: readonly GatewayService[];
}

export interface GatewayContext {
  config: Config;
  db: Db;
  log: Logger;
}

/** A listener of the device gateway: `start` resolves once it accepts connections; `stop` closes it and its connections. */
export interface GatewayService {
  name: string;
  start(context: GatewayContext): Promise<{ stop(): Promise<void> }>;
}
