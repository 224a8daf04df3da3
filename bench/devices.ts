import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.ts';
import { allMigrations } from '../packages/server/src/features.ts';
import { listDevices } from '../packages/server/src/iot/devices/repository.ts';
import type { DeviceStatus } from '../packages/server/src/iot/devices/tables.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { accountScopeOf, type Scope } from '../packages/server/src/portal/access/scope.ts';
import { grantRole, insertUser } from '../packages/server/src/portal/accounts/repository.ts';
import { hashPassword } from '../packages/server/src/portal/identity/secrets.ts';
import { createTestDatabase } from '../packages/server/test/db.ts';
import { loadInWorker, onBothEngines, percentile } from './load.ts';
import type { Figure } from './run.ts';

const OWNERS = 1000;
const DEVICES_PER_OWNER = 100;
const PROJECTS_PER_OWNER = 2;
const TAGS_PER_OWNER = 3;
const BATCH = 500;
const CONCURRENCY = 50;
const REQUESTS = 5000;
/** Sent first and not measured, as many as are measured: see `LoadJob.warmUp`. */
const WARM_UP = 5000;
/** Owners whose sessions send the requests. */
const CALLERS = 50;
const STATUSES: DeviceStatus[] = ['online', 'offline', 'alarm', 'fault'];
const PASSWORD = 'Bench#2026';
const TARGET_P95_MS = 50;

interface Seeded {
  owners: Array<{ id: number; account: string; projects: number[]; tags: number[] }>;
}

/** 1,000 main accounts, each with 2 projects, 3 tags and 100 devices spread over them and the four statuses. */
export async function seed(db: Db): Promise<Seeded> {
  const k = db.kysely;
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const owners: Seeded['owners'] = [];
  for (let o = 0; o < OWNERS; o++) {
    const account = `bench_owner_${o}`;
    const id = await insertUser(k, {
      account,
      password_hash: hash,
      nickname: account,
      status: 'enabled',
      default_pass: false,
      password_changed_at: now,
      user_type: 'main',
      parent_id: null,
      super_admin: false,
    });
    await grantRole(k, id, 10);
    const projects = await k
      .insertInto('projects')
      .values(
        Array.from({ length: PROJECTS_PER_OWNER }, (_, p) => ({
          owner_id: id,
          name: `Project ${p}`,
          manager_id: null,
          manager_name: null,
          phone: null,
          remark: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const tags = await k
      .insertInto('tags')
      .values(
        Array.from({ length: TAGS_PER_OWNER }, (_, t) => ({
          owner_id: id,
          category_id: null,
          name: `Tag ${t}`,
          description: null,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    owners.push({ id, account, projects: projects.map((p) => p.id), tags: tags.map((t) => t.id) });
  }
  // Devices interleaved across owners, as they would arrive, in batches.
  const total = OWNERS * DEVICES_PER_OWNER;
  for (let start = 0; start < total; start += BATCH) {
    await k.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(BATCH, total - start) }, (_, j) => {
        const i = start + j;
        const owner = owners[i % OWNERS] as Seeded['owners'][number];
        return {
          owner_id: owner.id,
          name: `Device ${i}`,
          device_no: null,
          sn: `BENCH${String(i).padStart(15, '0')}`,
          mac: null,
          imei: null,
          imei2: null,
          lora_nid: null,
          comm_password: 'Pa55word',
          protocol: 'modbus_rtu',
          query_interval: 300,
          project_id: owner.projects[i % PROJECTS_PER_OWNER] ?? null,
          template_id: null,
          address: null,
          latitude: null,
          longitude: null,
          picture: null,
          enabled: true,
          cloud_config: true,
          warranty_start: null,
          warranty_end: null,
          version: null,
          sim_iccid: null,
          status: STATUSES[i % STATUSES.length] as DeviceStatus,
          last_online_at: null,
          last_data_at: null,
          remark: null,
          created_by: owner.id,
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await trx.insertInto('devices').values(rows).returning(['id', 'owner_id']).execute();
      await trx
        .insertInto('device_tags')
        .values(
          ids.map((d, j) => {
            const owner = owners.find((o) => o.id === d.owner_id) as Seeded['owners'][number];
            return { device_id: d.id, tag_id: owner.tags[(start + j) % TAGS_PER_OWNER] as number };
          }),
        )
        .execute();
    });
  }
  return { owners };
}

/** The four filters of the issue, in turn: by owner, project, tag and status. */
function filterFor(owner: Seeded['owners'][number], n: number) {
  switch (n % 4) {
    case 0:
      return { ownerId: owner.id };
    case 1:
      return { projectId: owner.projects[0] };
    case 2:
      return { tagId: owner.tags[1] };
    default:
      return { status: STATUSES[n % STATUSES.length] };
  }
}

/** Runs `REQUESTS` calls, `CONCURRENCY` at a time; each call's latency in ms, sorted. */
async function measure(call: (n: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const n = next++;
        const start = performance.now();
        await call(n);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

async function signIn(base: string, account: string): Promise<string> {
  const res = await fetch(`${base}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

async function runEngine(engine: 'SQLite' | 'PostgreSQL'): Promise<Figure[]> {
  const target = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, 'bench');
  const db = openDatabase(config.databaseUrl, { poolMax: config.PG_POOL_MAX });
  try {
    await migrateToLatest(db, allMigrations);
    const { owners } = await seed(db);
    // What autovacuum (PostgreSQL), and `PRAGMA optimize` and the WAL's checkpoints (SQLite), do
    // after a bulk load, done now.
    await sql.raw(db.engine === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db.kysely);
    if (db.engine === 'sqlite') await sql.raw('pragma wal_checkpoint(truncate)').execute(db.kysely);
    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const callers = owners.slice(0, CALLERS);
    const tokens: string[] = [];
    for (const c of callers) tokens.push(await signIn(base, c.account));
    // The clients run in their own thread, so that their work is not counted as the server's.
    const api = await loadInWorker({
      requests: Array.from({ length: REQUESTS }, (_, n) => {
        const i = n % CALLERS;
        const query = new URLSearchParams(
          Object.entries(filterFor(callers[i] as Seeded['owners'][number], n)).map(([k, v]): [string, string] => [
            k,
            String(v),
          ]),
        );
        return { url: `${base}/api/iot/devices?${query}`, token: tokens[i] as string };
      }),
      concurrency: CONCURRENCY,
      warmUp: WARM_UP,
    });
    await app.close();

    // The same query, scope and page straight on the database, without HTTP, session or envelope.
    const scopes = await Promise.all(
      callers.map((c) =>
        accountScopeOf(db.kysely, {
          sessionId: 0,
          userId: c.id,
          account: c.account,
          nickname: c.account,
          roleId: 10,
          identityId: null,
          runAsBy: null,
          superAdmin: false,
          permissions: [],
          lang: null,
          // What the session read finds for these owners: no sub-users, nothing shared with them.
          hasSubUsers: false,
          sharesDevices: false,
        }),
      ),
    );
    const bare = await measure(async (n) => {
      const i = n % CALLERS;
      await listDevices(db.kysely, scopes[i] as Scope, filterFor(callers[i] as Seeded['owners'][number], n), {
        page: 1,
        size: 20,
      });
    });
    const p50 = percentile(api, 0.5);
    const p95 = percentile(api, 0.95);
    const label = `${engine}, ${(OWNERS * DEVICES_PER_OWNER).toLocaleString('en')} devices, ${CONCURRENCY} concurrent`;
    return [
      {
        name: `device list p50 over HTTP (${label})`,
        value: p50,
        unit: 'ms',
        peer: 'bare query p50',
        peerValue: percentile(bare, 0.5),
      },
      {
        name: `device list p95 over HTTP (${label})`,
        value: p95,
        unit: 'ms',
        peer: 'bare query p95',
        peerValue: percentile(bare, 0.95),
      },
      {
        name: `device list p95 budget (${engine})`,
        value: TARGET_P95_MS,
        unit: 'ms',
        peer: 'p95 over HTTP',
        peerValue: p95,
        target: { ratio: 1, meaning: `p95 under ${TARGET_P95_MS} ms` },
      },
    ];
  } finally {
    await db.close();
    await target.drop();
  }
}

/**
 * The device list filtered by owner, project, tag and status, with 100,000 devices across 1,000
 * owners, through the HTTP API at 50 concurrent requests, beside the bare query; on SQLite, and
 * on PostgreSQL when TEST_PG_URL is set.
 */
export function devices(): Promise<Figure[]> {
  return onBothEngines(runEngine);
}
