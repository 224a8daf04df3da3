import { Worker } from 'node:worker_threads';

/**
 * Runs `module` in a worker thread with `data` as its workerData, and answers the one message it
 * posts back; `name` says whose failure it was when the thread stops early.
 */
export function answerFromWorker<T>(module: URL, data: unknown, name: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(module, { workerData: data });
    worker.once('message', (answer: T) => resolve(answer));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${name} stopped with code ${code}`));
    });
  });
}
