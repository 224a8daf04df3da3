import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { buildApp, type MeridianApp } from './app.ts';
import { allMigrations, featuresFor } from './features.ts';
import { closeCommands } from './iot/gateway/commands.ts';
import { closeBrokerCommands, useBrokerCommands } from './iot/mqtt/commander.ts';
import type { Config, Service } from './platform/config.ts';
import { type Db, openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { cleanupJob, cleanupSchedule } from './platform/jobs/cleanup.ts';
import { JobWorker } from './platform/jobs/worker.ts';
import { useTimeZone } from './platform/time.ts';

export interface RunningServer {
  db: Db;
  app?: MeridianApp;
  worker?: JobWorker;
  /** Where the web and API answer, when this process serves them. */
  url?: string;
  /** Drains requests, lets running jobs finish, then closes the database. */
  stop(): Promise<void>;
}

/** The job worker of this deployment: every feature's jobs, schedules and cleanups. */
export function createWorker(config: Config, db: Db, log: Logger): JobWorker {
  const features = featuresFor(config.MERIDIAN_APPS);
  const cleanups = features.flatMap((f) => f.cleanups ?? []);
  return new JobWorker({
    db,
    log: log.child({ service: 'jobs' }),
    config,
    jobs: [...features.flatMap((f) => f.jobs ?? []), cleanupJob(cleanups)],
    schedules: [...features.flatMap((f) => f.schedules ?? []), cleanupSchedule],
    pollMs: config.JOBS_POLL_MS,
    concurrency: config.JOBS_CONCURRENCY,
  });
}

/** Opens the database, brings it up to date, and starts the services this process runs. */
export async function startServer(config: Config, services: readonly Service[], log: Logger): Promise<RunningServer> {
  const db = openDatabase(config.databaseUrl, {
    poolMax: config.PG_POOL_MAX,
    onPoolError: (error) => log.warn({ err: error }, 'database: an idle connection was lost'),
  });
  let app: MeridianApp | undefined;
  let worker: JobWorker | undefined;
  const listeners: { stop(): Promise<void> }[] = [];
  // Jobs and the gateway read and write dates too, in processes that may serve no API.
  useTimeZone(config.TIME_ZONE);
  const features = featuresFor(config.MERIDIAN_APPS);
  const stop = async () => {
    for (const listener of listeners.reverse()) await listener.stop();
    await app?.close();
    await worker?.stop();
    // Commands across processes (decision 0076) keep a LISTEN connection open once used.
    await closeCommands(db);
    await closeBrokerCommands(db);
    await db.close();
  };
  // With an external broker, every process sends commands to MQTT devices through it (decision 0131).
  if (config.MQTT_URL) useBrokerCommands(db, config.MQTT_URL, log);
  try {
    const applied = await migrateToLatest(db, allMigrations);
    log.info({ engine: db.engine, database: db.location, applied }, 'database ready');
    for (const seed of features.flatMap((f) => f.seeds ?? [])) await seed({ config, db, log });
    if (services.includes('api')) {
      app = await buildApp({ config, db, logger: log, services });
      await app.listen({ host: config.HOST, port: config.PORT });
    }
    if (services.includes('jobs')) {
      worker = createWorker(config, db, log);
      worker.start();
    }
    if (services.includes('gateway')) {
      const gatewayLog = log.child({ service: 'gateway' });
      for (const service of features.flatMap((f) => f.gateway ?? [])) {
        listeners.push(await service.start({ config, db, log: gatewayLog.child({ listener: service.name }) }));
      }
    }
  } catch (error) {
    await stop().catch((e: unknown) => log.error({ err: e }, 'stopping after a failed start failed'));
    throw error;
  }
  const address = app?.server.address() as AddressInfo | null | undefined;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = address ? `http://${host}:${address.port}/` : undefined;
  return { db, app, worker, url, stop };
}
