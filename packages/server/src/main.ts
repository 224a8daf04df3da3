import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, paths, servicesFromArgs } from './platform/config.ts';
import { createLogger } from './platform/log.ts';
import { startServer } from './server.ts';

const { version } = JSON.parse(fs.readFileSync(path.join(paths.repoRoot, 'package.json'), 'utf8')) as {
  version: string;
};

function readConfig() {
  try {
    const config = loadConfig(process.env, version);
    return { config, services: servicesFromArgs(process.argv.slice(2), config.MERIDIAN_SERVICES) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const { config, services } = readConfig();
const log = createLogger(config);

const server = await startServer(config, services, log).catch((error: unknown) => {
  log.fatal({ err: error }, 'Meridian could not start');
  process.exit(1);
});

log.info(
  { services, engine: server.db.engine },
  server.url
    ? `Meridian ${version} is running: open ${server.url} (Device Cloud ${server.url}iot/, Mind ${server.url}jdp/, mobile ${server.url}h5/)`
    : `Meridian ${version} is running the services ${services.join(', ')}`,
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping: draining requests and jobs');
  const force = setTimeout(() => {
    log.error('did not stop in time, exiting anyway');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await server.stop();
    log.info('stopped; the database is closed');
  } catch (error) {
    log.error({ err: error }, 'stopping failed');
    process.exitCode = 1;
  }
}

process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
