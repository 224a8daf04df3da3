import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { allMigrations } from '../packages/server/src/features.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { buildOrg, buildUser } from '../packages/server/test/factories.ts';
import { png } from '../packages/server/test/files.ts';
import { freePort, type MeridianProcess, spawnMeridian } from '../packages/server/test/processes.ts';
import { type BoxEvent, boxesInWorker } from './campus-boxes.ts';
import { onBothEngines, percentile } from './load.ts';
import type { Figure } from './run.ts';

const SCHOOLS = 20;
const DEVICES = 2_000;
const RATE = 500;
const DURATION_MS = 20_000;
/** The first seconds warm the server (V8 compiles its hot paths) and are not measured. */
const WARM_MS = 3_000;
/** The server is killed (SIGKILL) this far into the stream, and started again at once. */
const KILL_AT_MS = 13_000;
const ACK_LIMIT_MS = 200;
const MAX_IN_FLIGHT = 512;
/** A noise PNG of 120 x 142 RGB barely compresses: about 50 KB, as a camera's snapshot. */
const SNAPSHOT = { width: 120, height: 142 };

/** 20 schools of 100 cameras each; the secrets are written plain and sealed by the server on its first start. */
async function seedDevices(db: Db) {
  const k = db.kysely;
  const now = Date.now();
  const installer = (await buildUser(k, { account: 'bench_campus' })).id;
  const devices: Array<{ deviceKey: string; secret: string; schoolId: number }> = [];
  for (let s = 0; s < SCHOOLS; s++) {
    const school = await buildOrg(k, { type: 'school', name: `Bench Campus School ${s + 1}` });
    const rows = [];
    for (let d = 0; d < DEVICES / SCHOOLS; d++) {
      const device = {
        deviceKey: `cd_${randomBytes(12).toString('hex')}`,
        secret: randomBytes(32).toString('base64url'),
        schoolId: school.id,
      };
      devices.push(device);
      rows.push({
        school_id: school.id,
        school_path: school.path,
        kind: 'camera' as const,
        name: `Camera ${d + 1}`,
        location: `Building ${(d % 5) + 1}`,
        device_key: device.deviceKey,
        secret: device.secret,
        stream_url: null,
        last_seen_at: null,
        created_by: installer,
        created_at: now,
      });
    }
    await k.insertInto('campus_devices').values(rows).execute();
  }
  return devices;
}

/**
 * The CPU a process has used so far, in ms (user and system, from /proc on Linux; undefined
 * elsewhere): the server's CPU per event holds still on a shared machine when the pace does not.
 */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The CPU so far of the PostgreSQL backends serving the database at `url`, in ms by process id
 * (empty for SQLite, or when /proc cannot be read): PostgreSQL shares the machine with the server.
 */
async function backendsCpuMs(url: string): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!url.startsWith('postgres')) return cpu;
  const db = openDatabase(url);
  try {
    const { rows } = await sql<{
      pid: number;
    }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
      db.kysely,
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
  } finally {
    await db.close();
  }
  return cpu;
}

/** Resolves once the process answers its health check; rejects with its output when it exits first or takes 60 s. */
async function running(p: MeridianProcess, port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) break;
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Meridian did not start:\n${p.output()}`);
}

async function runEngine(engine: 'SQLite' | 'PostgreSQL'): Promise<Figure[]> {
  const target = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-campus-'));
  const processes: MeridianProcess[] = [];
  try {
    const seeding = openDatabase(target.url);
    await migrateToLatest(seeding, allMigrations);
    const devices = await seedDevices(seeding);
    await seeding.close();

    const port = await freePort();
    const env = {
      PORT: String(port),
      DTU_PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: target.url,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      // Profiling the server, e.g. BENCH_NODE_OPTIONS=--cpu-prof.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    };
    const start = async () => {
      const p = spawnMeridian(env);
      processes.push(p);
      await running(p, port);
      return p;
    };
    const first = await start();
    const snapshots = Array.from({ length: 8 }, () => png(SNAPSHOT.width, SNAPSHOT.height, { noise: true }));
    const began = Date.now();
    const cpuAtStart = cpuMs(first.child.pid);
    const backendsAtStart = await backendsCpuMs(target.url);
    const boxes = boxesInWorker({
      baseUrl: `http://127.0.0.1:${port}`,
      devices,
      rate: RATE,
      durationMs: DURATION_MS,
      snapshots,
      maxInFlight: MAX_IN_FLIGHT,
      giveUpMs: 120_000,
    });

    // Mid-stream, the server dies without a word (SIGKILL) and is started again on the same port.
    // A profiled server (--cpu-prof) is stopped with SIGTERM instead, so that it writes its profile.
    await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS));
    const cpuAtKill = cpuMs(first.child.pid);
    const backendsAtKill = await backendsCpuMs(target.url);
    const killedAt = Date.now();
    first.child.kill(env.NODE_OPTIONS?.includes('--cpu-prof') ? 'SIGTERM' : 'SIGKILL');
    await first.exited;
    const second = await start();
    const backAt = Date.now();
    const events = await boxes;
    const endedAt = Date.now();
    const cpuOfSecond = cpuMs(second.child.pid);
    second.child.kill('SIGTERM');
    await second.exited;

    // What the database holds, against what the boxes sent.
    const db = openDatabase(target.url);
    const stored = await db.kysely
      .selectFrom('campus_alerts')
      .select(['event_id', sql<number>`count(*)`.as('n')])
      .groupBy('event_id')
      .execute();
    await db.close();
    const copies = new Map(stored.map((r) => [r.event_id, Number(r.n)]));
    const once = events.filter((e) => copies.get(e.eventId) === 1).length;
    const lost = events.filter((e) => !copies.has(e.eventId)).length;
    const twice = stored.filter((r) => Number(r.n) > 1).length;
    const unsent = stored.filter((r) => !r.event_id.startsWith('bench-')).length;
    const failed = events.filter((e) => e.failed);

    // The steady window: after the warm-up, and a second before the kill, so that every event due
    // in it had the time to be answered. One not answered on its first try before the kill counts
    // with the time it had waited by then: a server that answers nothing does not get a good p99.
    const windowEnd = killedAt - 1_000;
    const due = events.filter((e) => e.dueAt >= began + WARM_MS && e.dueAt < windowEnd);
    const answered = (e: BoxEvent) => e.tries === 1 && !e.failed && e.dueAt + e.ackMs < killedAt;
    const latencies = due.map((e) => (answered(e) ? e.ackMs : killedAt - e.dueAt)).sort((a, b) => a - b);
    const acked = due.filter(answered).length;
    // The server's pace: first answers that arrived in the window, whenever their events were due
    // (an overloaded server still answers, late, events due before the window).
    const answeredIn = events.filter((e) => {
      const at = e.dueAt + e.ackMs;
      return e.tries === 1 && !e.failed && at >= began + WARM_MS && at < windowEnd;
    }).length;
    const ackedRate = (answeredIn * 1000) / (windowEnd - began - WARM_MS);
    // What the boxes really sent in the window (the schedule's jitter puts it a little off RATE).
    const sentRate = (due.length * 1000) / (windowEnd - began - WARM_MS);
    const retried = events.filter((e: BoxEvent) => e.tries > 1);
    // The first server's CPU over the events it answered (first tries, before the kill).
    const answeredBeforeKill = events.filter((e) => e.tries === 1 && !e.failed && e.dueAt + e.ackMs < killedAt).length;
    // PostgreSQL's backends, over the same events: those started since count whole.
    const backendsMs = [...backendsAtKill].reduce((sum, [pid, ms]) => sum + ms - (backendsAtStart.get(pid) ?? 0), 0);
    const backendsPerEvent =
      backendsAtKill.size > 0 && answeredBeforeKill > 0
        ? `, PostgreSQL's backends ${(backendsMs / answeredBeforeKill).toFixed(2)} ms per event`
        : '';
    const cpuPerEvent =
      cpuAtStart !== undefined && cpuAtKill !== undefined && answeredBeforeKill > 0
        ? `, server CPU ${((cpuAtKill - cpuAtStart) / answeredBeforeKill).toFixed(2)} ms per event answered before the kill` +
          (cpuOfSecond === undefined
            ? ''
            : ` (${((cpuAtKill - cpuAtStart + cpuOfSecond) / events.length).toFixed(2)} ms per event sent, both processes)`) +
          backendsPerEvent
        : '';
    // The median wait of the events due in each second before the kill: a backlog built at the
    // start shows as waits that fall second by second, steady work as waits that hold still.
    const bySecond = Array.from({ length: Math.ceil(KILL_AT_MS / 1000) }, (_, s) => {
      const waits = events
        .filter((e) => e.dueAt >= began + s * 1000 && e.dueAt < began + (s + 1) * 1000 && e.dueAt < windowEnd)
        .map((e) => (answered(e) ? e.ackMs : killedAt - e.dueAt))
        .sort((a, b) => a - b);
      return waits.length ? Math.round(percentile(waits, 0.5)) : '-';
    });
    const label = `${engine}, ${DEVICES.toLocaleString('en')} devices, 50 KB snapshots`;
    console.log(
      `campus (${label}): ${events.length.toLocaleString('en')} events in ${Math.round((endedAt - began) / 1000)} s; ` +
        `steady ${Math.round(ackedRate)}/s acknowledged of ${RATE}/s asked (${acked} of the ${due.length} due in the window answered before the kill), ` +
        `p50 ${Math.round(percentile(latencies, 0.5))} ms p99 ${Math.round(percentile(latencies, 0.99))} ms${cpuPerEvent}; ` +
        `median wait by second of the stream ${bySecond.join(' ')} ms; ` +
        `killed at ${Math.round((killedAt - began) / 1000)} s, back after ${((backAt - killedAt) / 1000).toFixed(1)} s; ` +
        `${retried.length} events retried (${retried.filter((e) => e.duplicate).length} answered as duplicates), ` +
        `stored once ${once}, lost ${lost}, stored twice ${twice}, stored unsent ${unsent}, given up ${failed.length}` +
        (failed.length ? ` (first: ${failed[0]?.failed})` : ''),
    );
    return [
      {
        name: `campus events acknowledged per second before the kill (${label})`,
        value: ackedRate,
        unit: 'events/s',
        peer: `events per second sent in the same window (${RATE}/s asked)`,
        peerValue: sentRate,
        // Answers and sends are counted by when they happened, so the window's two edges may each
        // shift a few events: keeping pace is within 1 %.
        target: { ratio: 0.99, meaning: 'events acknowledged at the pace they were sent (within 1 % at the edges)' },
      },
      {
        name: `campus event acknowledgement budget (${label})`,
        value: ACK_LIMIT_MS,
        unit: 'ms',
        peer: 'acknowledgement p99 before the kill, from when the event was due',
        peerValue: latencies.length ? Math.max(percentile(latencies, 0.99), 1) : Number.POSITIVE_INFINITY,
        target: { ratio: 1, meaning: `p99 under ${ACK_LIMIT_MS} ms` },
      },
      {
        name: `campus events stored exactly once across a SIGKILL and restart (${engine})`,
        value: twice || unsent ? 0 : once,
        unit: 'events',
        peer: 'events sent',
        peerValue: events.length,
        target: { ratio: 1, meaning: 'none lost, none twice' },
      },
    ];
  } finally {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await target.drop();
  }
}

/**
 * 2,000 campus cameras report fights with 50 KB snapshots, signed, at 500 events per second over
 * real HTTP to a Meridian process, which is killed mid-stream and started again: the boxes retry
 * with their idempotency keys and every event sent is stored exactly once. On SQLite, and on
 * PostgreSQL when TEST_PG_URL is set.
 */
export function campus(): Promise<Figure[]> {
  return onBothEngines(runEngine);
}
