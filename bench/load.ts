// The benchmarks' load generator, in its own thread: clients that shared the server's event loop
// would add their own work to every latency they measure.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { answerFromWorker } from './worker.ts';

/** One call: a GET, or a POST of `body` as JSON. */
export interface LoadRequest {
  url: string;
  token: string;
  body?: unknown;
}

export interface LoadJob {
  /** Sent in this order. */
  requests: LoadRequest[];
  concurrency: number;
  /**
   * Requests sent first, `concurrency` at a time, and not measured: a server that has been up for
   * a while has compiled its hot paths (V8 keeps optimising for thousands of calls) and filled its
   * caches and connection pools, and the figures are of that server, not of its first seconds.
   */
  warmUp: number;
}

function send(agent: http.Agent, request: LoadRequest): Promise<void> {
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      request.url,
      {
        method: payload === undefined ? 'GET' : 'POST',
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          'x-authorization': request.token,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Sends `count` of the requests, cycling through them, `concurrency` at a time; each one's latency in ms. */
async function sendAll(agent: http.Agent, job: LoadJob, count: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < count) {
        const request = job.requests[next++ % job.requests.length] as LoadRequest;
        const start = performance.now();
        await send(agent, request);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

/** Sends the warm-up, then every request, `concurrency` at a time; each measured one's latency in ms, sorted. */
async function run(job: LoadJob): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  await sendAll(agent, job, job.warmUp);
  const latencies = await sendAll(agent, job, job.requests.length);
  agent.destroy();
  return latencies.sort((a, b) => a - b);
}

/** The latency below which a share `p` of the sorted latencies falls. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Runs a bench on SQLite, and on PostgreSQL too when TEST_PG_URL is set; the engine's name is passed in. */
export async function onBothEngines<T>(run: (engine: 'SQLite' | 'PostgreSQL') => Promise<T[]>): Promise<T[]> {
  const results: T[] = [];
  const engine = process.env.TEST_ENGINE;
  // BENCH_ENGINE=sqlite or postgres runs one engine only.
  const only = process.env.BENCH_ENGINE;
  try {
    if (only !== 'postgres') {
      process.env.TEST_ENGINE = 'sqlite';
      results.push(...(await run('SQLite')));
    }
    if (process.env.TEST_PG_URL && only !== 'sqlite') {
      process.env.TEST_ENGINE = 'postgres';
      results.push(...(await run('PostgreSQL')));
    }
  } finally {
    process.env.TEST_ENGINE = engine;
  }
  return results;
}

/** Runs the load in a worker thread and answers the sorted latencies. */
export function loadInWorker(job: LoadJob): Promise<number[]> {
  return answerFromWorker(new URL(import.meta.url), job, 'the load worker');
}

if (parentPort && workerData) {
  const port = parentPort;
  port.postMessage(await run(workerData as LoadJob));
}
