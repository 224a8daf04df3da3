import { cpus } from 'node:os';
import { checkCrisis } from '../packages/server/src/mind/crisis/check.ts';
import labelled from '../packages/server/src/mind/crisis/labelled.json' with { type: 'json' };
import type { Figure } from './run.ts';

/** The floor for the local crisis check, on one core. */
const TARGET_PER_SECOND = 5000;
const SECONDS = 2;

/** Messages per second through the local crisis check on this (single) thread, over the labelled sentences. */
export async function crisis(): Promise<Figure[]> {
  const texts = labelled.sentences.map((s) => s.text);
  for (let i = 0; i < 2000; i++) checkCrisis(texts[i % texts.length]);
  let done = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  while (performance.now() < until) {
    for (const text of texts) checkCrisis(text);
    done += texts.length;
  }
  const perSecond = done / ((performance.now() - started) / 1000);
  return [
    {
      name: `crisis check (one core of ${cpus().length})`,
      value: perSecond,
      unit: 'messages/s',
      peer: 'the issue floor',
      peerValue: TARGET_PER_SECOND,
      target: { ratio: 1, meaning: 'at least 5,000 messages a second on one core' },
    },
  ];
}
