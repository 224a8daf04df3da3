import { describe, expect, it } from 'vitest';
import { checkCrisis } from './check.ts';
import labelled from './labelled.json' with { type: 'json' };

describe('the local crisis check', () => {
  it('holds a labelled set of at least 200 sentences, half risky, in both languages', () => {
    const { sentences } = labelled;
    expect(sentences.length).toBeGreaterThanOrEqual(200);
    const risky = sentences.filter((s) => s.risky);
    expect(risky.length * 2).toBe(sentences.length);
    for (const lang of ['zh', 'en']) {
      expect(risky.filter((s) => s.lang === lang).length).toBeGreaterThanOrEqual(40);
      expect(sentences.filter((s) => !s.risky && s.lang === lang).length).toBeGreaterThanOrEqual(40);
    }
  });

  it('finds at least 98% of the risky sentences and reports its precision', () => {
    const verdicts = labelled.sentences.map((s) => ({ ...s, found: checkCrisis(s.text).risky }));
    const truePositives = verdicts.filter((v) => v.risky && v.found).length;
    const flagged = verdicts.filter((v) => v.found).length;
    const risky = verdicts.filter((v) => v.risky).length;
    const recall = truePositives / risky;
    const precision = truePositives / flagged;
    console.info(
      `crisis check on ${verdicts.length} sentences: recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}`,
    );
    const missed = verdicts.filter((v) => v.risky && !v.found).map((v) => v.text);
    expect(recall, `missed: ${missed.join(' | ')}`).toBeGreaterThanOrEqual(0.98);
    expect(precision).toBeGreaterThan(0.9);
  });

  it('reads a negation before the words as "not a hit", but not a negation that is part of them', () => {
    expect(checkCrisis('我不会伤害自己').risky).toBe(false);
    expect(checkCrisis('I would never hurt myself').risky).toBe(false);
    expect(checkCrisis('我不想死，只是累').risky).toBe(false);
    expect(checkCrisis('不想活了').hits).toEqual([{ category: 'suicide', phrase: '不想活' }]);
    expect(checkCrisis("I don't want to live anymore").risky).toBe(true);
  });

  it('does not let a negation in another clause or a "don\'t know why" hide the words', () => {
    expect(checkCrisis('我不想让妈妈难过，但我想死').risky).toBe(true);
    expect(checkCrisis('我不知道为什么总想伤害自己').risky).toBe(true);
    expect(checkCrisis("I don't know why I keep hurting myself").risky).toBe(true);
  });

  it('names each category it finds, in full-width text too, and leaves everyday sayings alone', () => {
    const verdict = checkCrisis('爸爸天天打我，我想杀了他。ｉ ｗａｎｔ ｔｏ ｄｉｅ');
    expect(verdict.hits.map((h) => h.category)).toEqual(['abuse', 'violence', 'suicide']);
    expect(checkCrisis('笑死我了，今天累死了').risky).toBe(false);
    expect(checkCrisis('This homework is killing me').risky).toBe(false);
  });

  it('reads a note of 10,000 characters in one pass', () => {
    const long = `${'今天很平常。'.repeat(1700)}我想自杀`;
    expect(long.length).toBeGreaterThan(10_000);
    expect(checkCrisis(long).hits).toEqual([{ category: 'suicide', phrase: '自杀' }]);
  });
});
