import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/** The process logger: JSON lines for machines, or readable lines on a terminal. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'logFormat'>): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: [
      'req.headers["x-authorization"]',
      'req.headers.authorization',
      'req.headers.cookie',
      // A school screen's published link (decision 0091).
      'req.headers["x-screen-link"]',
      // A cloud configuration's shared link and its password (decision 0099).
      'req.headers["x-scada-link"]',
      'req.headers["x-scada-password"]',
    ],
  };
  if (config.logFormat === 'json') return pino(options);
  // Synchronous so that the last lines before exit are not lost.
  return pino(options, pretty({ sync: true, singleLine: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }));
}
