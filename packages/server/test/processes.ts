import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, vi } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

/** A loopback port nobody listens on now, for a listener that must be told its port in advance. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface MeridianProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
}

/**
 * `node src/main.ts` started as `npm start` does, with only PATH of this environment and what `env`
 * says (loopback, JSON logs, the passthrough port on any free port unless `env` says otherwise:
 * processes of tests run side by side); its output is collected.
 */
export function spawnMeridian(env: Record<string, string>, args: string[] = []): MeridianProcess {
  const child = spawn(process.execPath, [main, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json', HOST: '127.0.0.1', PASSTHROUGH_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the process says it runs, or exits; throws with what it printed if it did not start. */
export async function untilRunning(process: MeridianProcess, timeoutMs = 30_000): Promise<void> {
  const said = () => process.output().includes('is running');
  await vi
    .waitFor(() => expect(said() || process.child.exitCode !== null).toBe(true), { timeout: timeoutMs })
    .catch(() => undefined);
  if (!said()) throw new Error(`Meridian did not start:\n${process.output()}`);
}
