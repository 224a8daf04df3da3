import { type AnswerSheet, optionsOf, type ScaleDefinition } from '@meridian/contracts';

/**
 * The answer sheet that gives each item the scored value `scoreOf(item number)` (after
 * reversing): a test states the scores it means, and reverse items get the option that yields them.
 */
export function sheetScoring(definition: ScaleDefinition, scoreOf: (no: number) => number): AnswerSheet {
  const answers: AnswerSheet = {};
  for (const item of definition.items) {
    const options = optionsOf(definition, item);
    const scores = options.map((o) => o.score);
    const wanted = scoreOf(Number(item.id));
    const raw = item.reverse ? Math.min(...scores) + Math.max(...scores) - wanted : wanted;
    const option = options.find((o) => o.score === raw);
    if (!option) throw new Error(`item ${item.id} has no option scoring ${wanted}`);
    answers[item.id] = option.value;
  }
  return answers;
}

/** Scores given by item number, every other item `rest`. */
export const scores =
  (given: Record<number, number>, rest: number) =>
  (no: number): number =>
    given[no] ?? rest;
