import { describe, expect, it } from 'vitest';
import { answersOf, answerText, toQuestions } from './questions.ts';

describe('the visit form builder', () => {
  it('gives new questions ids no other question holds and keeps existing ones', () => {
    const questions = toQuestions([
      { id: 'q2', title: ' Who lives at home? ', type: 'text', options: ['stray'] },
      { title: 'Does the student have a desk?', type: 'single', options: [' Yes ', 'No', ' '], required: false },
      { title: 'Who helps with homework?', type: 'multi', options: ['Father', 'Mother'] },
    ]);
    expect(questions.map((q) => q.id)).toEqual(['q2', 'q1', 'q3']);
    expect(questions[0]).toEqual({ id: 'q2', title: 'Who lives at home?', type: 'text', options: [], required: true });
    expect(questions[1]?.options).toEqual(['Yes', 'No']);
    expect(questions[1]?.required).toBe(false);
  });

  it('sends only the answers given, trimmed', () => {
    const questions = toQuestions([
      { title: 'A', type: 'text' },
      { title: 'B', type: 'multi', options: ['x', 'y'] },
      { title: 'C', type: 'single', options: ['x', 'y'] },
    ]);
    expect(answersOf(questions, { q1: '  calm  ', q2: [], q3: 'y', q9: 'unknown' })).toEqual({ q1: 'calm', q3: 'y' });
    expect(answersOf(questions, { q1: '   ', q2: ['x', 'y'] })).toEqual({ q2: ['x', 'y'] });
  });

  it('shows a multiple choice answer on one line', () => {
    expect(answerText(['Father', 'Mother'])).toBe('Father；Mother');
    expect(answerText(undefined)).toBe('');
  });
});
