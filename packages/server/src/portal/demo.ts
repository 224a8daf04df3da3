import type { Config } from '../platform/config.ts';

/** The password of every demo account unless DEMO_PASSWORD sets another (README, "Demo accounts"). */
export const DEFAULT_DEMO_PASSWORD = 'Demo@2026';

/** A demo account as the console and the README list it. */
export interface DemoAccount {
  account: string;
  roleId: number;
  /** How the console names the role, in both languages, as the README's table does. */
  role: string;
  sees: string;
}

/**
 * Whether this start may seed demo data. DEMO_DATA decides when set; unset, the embedded SQLite
 * engine (someone trying Meridian on a laptop) gets it and PostgreSQL (a deployment) does not, nor
 * do tests, which build the worlds they need (decision 0022). Each app seeds its own demo.
 */
export function demoWanted(config: Pick<Config, 'DEMO_DATA' | 'engine' | 'NODE_ENV'>): boolean {
  if (config.DEMO_DATA) return config.DEMO_DATA === 'on';
  return config.engine === 'sqlite' && config.NODE_ENV !== 'test';
}

/** The console line that names a demo account and how to sign in with it. */
export function demoAccountLine(a: DemoAccount, config: Pick<Config, 'DEMO_PASSWORD'>): string {
  const shown = config.DEMO_PASSWORD === undefined ? `password "${DEFAULT_DEMO_PASSWORD}"` : 'password DEMO_PASSWORD';
  return `demo account "${a.account}", ${a.role}, ${shown}: sees ${a.sees}`;
}
