import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, servicesFromArgs } from './config.ts';

describe('configuration', () => {
  it('runs on the embedded defaults', () => {
    const config = loadConfig({}, '1.2.3');
    expect(config).toMatchObject({
      PORT: 8080,
      engine: 'sqlite',
      databaseUrl: 'sqlite:data/meridian.db',
      MERIDIAN_APPS: ['iot', 'mind'],
      MERIDIAN_SERVICES: ['api', 'gateway', 'jobs'],
      version: '1.2.3',
    });
  });

  it('takes PostgreSQL from DATABASE_URL and lists from commas', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/meridian', MERIDIAN_APPS: 'mind', PORT: '9000' });
    expect(config).toMatchObject({ engine: 'postgres', MERIDIAN_APPS: ['mind'], PORT: 9000 });
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError('Invalid environment variable PORT="eighty": must be a number'),
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      /^Invalid environment variable PORT="70000": must be at most 65535$/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid environment variable DATABASE_URL="mysql:\/\/x": is not in the right format \(use postgres:\/\//,
    );
    expect(() => loadConfig({ MERIDIAN_APPS: 'iot,erp' })).toThrow(
      /^Invalid environment variable MERIDIAN_APPS="iot,erp"/,
    );
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL="loud": must be one of: fatal, error/);
  });

  it('takes the campus WeChat account only whole', () => {
    expect(() => loadConfig({ CAMPUS_WECHAT_APP_ID: 'wx1' })).toThrow(
      new ConfigError('CAMPUS_WECHAT_APP_ID needs CAMPUS_WECHAT_APP_SECRET, CAMPUS_WECHAT_TEMPLATE_ID set as well'),
    );
    const whole = { CAMPUS_WECHAT_APP_ID: 'wx1', CAMPUS_WECHAT_APP_SECRET: 's', CAMPUS_WECHAT_TEMPLATE_ID: 't' };
    expect(loadConfig(whole)).toMatchObject(whole);
  });

  it('lets --services choose what this process runs', () => {
    expect(servicesFromArgs(['--services=api,jobs'], ['api', 'gateway', 'jobs'])).toEqual(['api', 'jobs']);
    expect(servicesFromArgs([], ['gateway'])).toEqual(['gateway']);
    expect(() => servicesFromArgs(['--services=api,web'], ['api'])).toThrow(/Invalid --services/);
  });
});
