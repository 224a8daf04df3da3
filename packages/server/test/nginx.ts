import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exitsWith, peerRuns } from '@meridian/simulator/peers';
import { expect, vi } from 'vitest';

/** Debian's nginx and its stream module (packages nginx and libnginx-mod-stream), as `.ci/run` installs them. */
export const NGINX = '/usr/sbin/nginx';
export const STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

const deployDir = path.resolve(import.meta.dirname, '../../../deploy/nginx');

/** Whether nginx with its stream module can run here (skips, or fails where peers are required). */
export function nginxRuns(): boolean {
  return peerRuns({
    name: 'nginx with its stream module',
    install: 'apt-get install -y nginx libnginx-mod-stream',
    runs: () => fs.existsSync(STREAM_MODULE) && exitsWith(NGINX, ['-v']),
  });
}

export interface NginxPorts {
  http: number;
  dtu: number;
  /** The API processes' ports, and the gateway processes' DTU ports. */
  api: readonly number[];
  gateways: readonly number[];
  /** nginx's passthrough port and the gateway processes' PASSTHROUGH_PORTs; absent, the passthrough entry is left out. */
  passthrough?: { port: number; gateways: readonly number[] };
  /**
   * The DTUs expected through the stream port (the benchmark's fleets): enough workers that none
   * passes this machine's descriptor limit. Absent: one worker of 1024 connections.
   */
  dtus?: number;
}

/** The hard limit on a process's descriptors here (`ulimit -Hn`): nginx cannot raise its workers' past it. */
export function descriptorLimit(): number {
  const limit = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return limit === 'unlimited' ? 1_048_576 : Number(limit);
}

/**
 * nginx's main settings for `dtus` proxied DTUs (docs/deploy.md, "nginx"; decision 0166). Each DTU
 * holds two descriptors (and two connections) in the worker that accepted it, and `reuseport`
 * spreads DTUs evenly over the workers: enough workers that each expects at most half the
 * descriptor limit, room for an uneven spread; each may use up to the limit.
 */
export function nginxWorkers(dtus: number, limit: number): { workers: number; rlimit: number; connections: number } {
  const workers = Math.max(1, Math.ceil((2 * dtus) / Math.floor(limit / 2)));
  // A few descriptors stay for the listening sockets, the logs and the channels to the master.
  return { workers, rlimit: limit, connections: limit - 64 };
}

/** Puts loopback `server` lines for `ports` in place of the example ones of an upstream block. */
function withServers(conf: string, upstream: string, ports: readonly number[], options: string): string {
  const block = new RegExp(`(upstream ${upstream} \\{[^}]*?)((?:\\s*server 10\\.0\\.0\\.\\d+:\\d+[^;]*;)+)`);
  if (!block.test(conf)) throw new Error(`no example servers in upstream ${upstream}`);
  const lines = ports.map((p) => `\n        server 127.0.0.1:${p} ${options};`).join('');
  return conf.replace(block, `$1${lines}`);
}

/** The stream configuration without its passthrough upstream and server (tests that do not run passthrough). */
function withoutPassthrough(conf: string): string {
  const start = conf.indexOf('    # Passthrough strategies');
  if (start < 0) throw new Error('no passthrough entry in meridian-stream.conf');
  return `${conf.slice(0, start).trimEnd()}\n}\n`;
}

/**
 * The repository's nginx configuration (deploy/nginx) as the test runs it: the same upstreams and
 * proxy settings, on loopback ports, wrapped in a whole nginx.conf with its own prefix, pid, logs
 * and temporary paths under `dir`, in the foreground.
 */
export function renderNginx(dir: string, ports: NginxPorts): string {
  let http = fs.readFileSync(path.join(deployDir, 'meridian-http.conf'), 'utf8');
  http = withServers(http, 'meridian_api', ports.api, 'max_fails=1 fail_timeout=5s').replace(
    /listen 80;/,
    `listen 127.0.0.1:${ports.http};`,
  );
  let stream = fs.readFileSync(path.join(deployDir, 'meridian-stream.conf'), 'utf8');
  stream = withServers(stream, 'meridian_dtu', ports.gateways, 'max_fails=1 fail_timeout=10s').replace(
    /listen 15000( reuseport)?;/,
    `listen 127.0.0.1:${ports.dtu}$1;`,
  );
  stream = ports.passthrough
    ? withServers(stream, 'meridian_passthrough', ports.passthrough.gateways, 'max_fails=1 fail_timeout=10s').replace(
        /listen 15001;/,
        `listen 127.0.0.1:${ports.passthrough.port};`,
      )
    : withoutPassthrough(stream);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const sized = ports.dtus ? nginxWorkers(ports.dtus, descriptorLimit()) : undefined;
  return [
    `load_module ${STREAM_MODULE};`,
    // Root (CI containers) would hand the workers to nobody, who cannot write the temp paths.
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    `worker_processes ${sized?.workers ?? 1};`,
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    sized ? `worker_rlimit_nofile ${sized.rlimit};` : '',
    `events { worker_connections ${sized?.connections ?? 1024}; }`,
    'http {',
    `    access_log ${path.join(dir, 'access.log')};`,
    `    ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    http,
    '}',
    stream,
  ].join('\n');
}

export interface RunningNginx {
  child: ChildProcess;
  dir: string;
  /** What it logged, for a failing test. */
  log(): string;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Renders the configuration into a temporary prefix, checks it (`nginx -t`), and runs nginx in the foreground until `stop`. */
export async function startNginx(ports: NginxPorts): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, renderNginx(dir, ports));
  const args = ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')];
  const log = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  if (!exitsWith(NGINX, ['-t', ...args])) throw new Error(`nginx refused the configuration:\n${log()}`);
  const child = spawn(NGINX, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await vi.waitFor(
    async () => {
      expect(child.exitCode, log()).toBeNull();
      expect(await listening(ports.http)).toBe(true);
      expect(await listening(ports.dtu)).toBe(true);
      if (ports.passthrough) expect(await listening(ports.passthrough.port)).toBe(true);
    },
    { timeout: 10_000, interval: 100 },
  );
  return {
    child,
    dir,
    log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
