import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
}
