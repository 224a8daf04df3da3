// The load generator of the students benchmark, in its own thread: clients that shared the
// server's event loop would add their own work to every latency they measure.
import http from 'node:http';
import { parentPort, Worker, workerData } from 'node:worker_threads';

export interface LoadJob {
  url: string;
  token: string;
  /** One request body per request, sent in this order. */
  bodies: unknown[];
  concurrency: number;
  /** Requests sent one at a time first, so that neither side pays for cold caches and JIT in its figures. */
  warmUp: number;
}

function post(agent: http.Agent, job: LoadJob, body: unknown): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      job.url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-authorization': job.token,
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

/** Sends every body, `concurrency` at a time; each request's latency in ms, sorted. */
async function run(job: LoadJob): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  for (let n = 0; n < job.warmUp; n++) await post(agent, job, job.bodies[n % job.bodies.length]);
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < job.bodies.length) {
        const body = job.bodies[next++];
        const start = performance.now();
        await post(agent, job, body);
        latencies.push(performance.now() - start);
      }
    }),
  );
  agent.destroy();
  return latencies.sort((a, b) => a - b);
}

/** Runs the load in a worker thread and answers the sorted latencies. */
export function loadInWorker(job: LoadJob): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (latencies: number[]) => resolve(latencies));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker stopped with code ${code}`));
    });
  });
}

if (parentPort && workerData) {
  const port = parentPort;
  port.postMessage(await run(workerData as LoadJob));
}
