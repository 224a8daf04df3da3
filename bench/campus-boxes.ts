// The campus boxes of bench/campus.ts, in their own thread: 2,000 signed devices reporting behaviour
// events with snapshots at a fixed rate, each retried with its idempotency key until it is answered.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { CampusBox } from '../packages/simulator/src/campus-box.ts';
import { answerFromWorker } from './worker.ts';

export interface BoxesJob {
  baseUrl: string;
  devices: Array<{ deviceKey: string; secret: string; schoolId: number }>;
  /** Events per second, sent open-loop: on schedule whatever the server's pace. */
  rate: number;
  durationMs: number;
  /** Base64 is made per event from one of these (JPG or PNG bytes). */
  snapshots: Uint8Array[];
  /** Requests outstanding at most; an event due while all are out waits, and its wait counts in its latency. */
  maxInFlight: number;
  /** A retry gives up after this long: the bench then reports the event as not stored. */
  giveUpMs: number;
}

/** One event as the device saw it: when it was due, when its first answer came, how many tries it took. */
export interface BoxEvent {
  eventId: string;
  dueAt: number;
  /** Milliseconds from due to the acknowledgement (the 200 answer), the last try's. */
  ackMs: number;
  tries: number;
  duplicate: boolean;
  /** Set when the event was never acknowledged: the last refusal or error. */
  failed?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(job: BoxesJob): Promise<BoxEvent[]> {
  const boxes = job.devices.map(
    (d) => new CampusBox({ baseUrl: job.baseUrl, deviceKey: d.deviceKey, secret: d.secret, schoolId: d.schoolId }),
  );
  const total = Math.round((job.rate * job.durationMs) / 1000);
  const events: BoxEvent[] = [];
  const start = Date.now();
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const slot = async () => {
    while (inFlight >= job.maxInFlight) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight += 1;
  };
  const release = () => {
    inFlight -= 1;
    waiting.shift()?.();
  };

  /** Sends the event until it is acknowledged: a new nonce and timestamp each try, the same event id. */
  async function report(n: number, dueAt: number): Promise<void> {
    const box = boxes[n % boxes.length] as CampusBox;
    const snapshot = job.snapshots[n % job.snapshots.length] as Uint8Array;
    const eventId = `bench-${n}`;
    const occurredAt = dueAt;
    const event: BoxEvent = { eventId, dueAt, ackMs: 0, tries: 0, duplicate: false };
    events.push(event);
    let backoff = 100;
    for (;;) {
      event.tries += 1;
      const request = box.eventRequest({ type: 'fight', eventId, occurredAt, snapshot });
      await slot();
      let answer: { status: number; text: string } | undefined;
      let error = '';
      try {
        answer = await post(`${job.baseUrl}${request.path}`, request.headers, request.body);
      } catch (e) {
        error = (e as Error).message;
      } finally {
        release();
      }
      if (answer?.status === 200) {
        event.ackMs = Date.now() - dueAt;
        event.duplicate = (JSON.parse(answer.text) as { data: { duplicate: boolean } }).data.duplicate;
        return;
      }
      // A refusal (4xx) is final for the device: it would send the same again and be refused again.
      if (answer && answer.status < 500) {
        event.failed = `${answer.status} ${answer.text.slice(0, 200)}`;
        return;
      }
      if (Date.now() - dueAt > job.giveUpMs) {
        event.failed = answer ? `${answer.status}` : error;
        return;
      }
      // The server is away (killed, restarting) or overloaded: the box waits and tries again.
      await wait(backoff);
      backoff = Math.min(backoff * 2, 1000);
    }
  }

  const pending: Array<Promise<void>> = [];
  for (let n = 0; n < total; n++) {
    const dueAt = start + Math.round((n * 1000) / job.rate);
    const ahead = dueAt - Date.now();
    if (ahead > 0) await wait(ahead);
    pending.push(report(n, dueAt));
  }
  await Promise.all(pending);
  agent.destroy();
  return events;
}

/** Runs the boxes in a worker thread; answers every event, in the order they were due. */
export function boxesInWorker(job: BoxesJob): Promise<BoxEvent[]> {
  return answerFromWorker(new URL(import.meta.url), job, 'the campus boxes');
}

if (parentPort && workerData) {
  const port = parentPort;
  port.postMessage(await run(workerData as BoxesJob));
}
