import lexicon from './lexicon.json' with { type: 'json' };

/** What the local crisis check looks for (decision 0084). */
export const crisisCategories = ['suicide', 'self_harm', 'abuse', 'violence'] as const;
export type CrisisCategory = (typeof crisisCategories)[number];

export interface CrisisHit {
  category: CrisisCategory;
  /** The words that matched, as the student wrote them. */
  phrase: string;
}

export interface CrisisVerdict {
  risky: boolean;
  hits: CrisisHit[];
}

/** How far back a negation may stand and still govern a match: a few Chinese characters, a few English words. */
const WINDOW_CJK = 8;
const WINDOW_LATIN = 40;

const either = (sources: readonly string[]) => sources.map((s) => `(?:${s})`).join('|');

const risk = new RegExp(crisisCategories.map((c) => `(?<${c}>${either(lexicon.categories[c])})`).join('|'), 'giu');
const benign = new RegExp(either(lexicon.benign), 'giu');
const pseudoNegation = new RegExp(either(lexicon.pseudoNegations), 'giu');
const negation = new RegExp(either(lexicon.negations), 'iu');
const negationRightBefore = new RegExp(`(?:${either(lexicon.negationsRightBefore)})\\s*$`, 'iu');
const clauseBreak = new RegExp(lexicon.clauseBreaks, 'giu');

const blank = (m: string) => ' '.repeat(m.length);

/** The part of the text before `at` that belongs to the same clause. */
function clauseBefore(text: string, at: number): string {
  let start = 0;
  clauseBreak.lastIndex = 0;
  for (let m = clauseBreak.exec(text); m && m.index < at; m = clauseBreak.exec(text)) {
    start = m.index + m[0].length;
    if (m[0].length === 0) clauseBreak.lastIndex += 1;
  }
  return text.slice(start, at);
}

function negated(text: string, at: number, phrase: string): boolean {
  const clause = clauseBefore(text, at).replace(pseudoNegation, blank);
  if (negationRightBefore.test(clause)) return true;
  const window = /[\u2e80-\u9fff]/u.test(phrase) ? WINDOW_CJK : WINDOW_LATIN;
  return negation.test(clause.slice(-window));
}

/**
 * The local crisis check: self-harm, suicide, abuse and violence in Chinese and English, from the
 * data in lexicon.json. It runs on every student text before and regardless of any model.
 */
export function checkCrisis(input: string): CrisisVerdict {
  // NFKC folds full-width letters and compatibility forms, so "ｋｉｌｌ ｍｙｓｅｌｆ" reads as words.
  const text = input.normalize('NFKC').replace(benign, blank);
  const hits: CrisisHit[] = [];
  for (const m of text.matchAll(risk)) {
    const category = crisisCategories.find((c) => m.groups?.[c] !== undefined);
    if (!category || negated(text, m.index, m[0])) continue;
    hits.push({ category, phrase: m[0] });
  }
  return { risky: hits.length > 0, hits };
}
