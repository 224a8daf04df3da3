import type { VisitQuestionType } from '@meridian/contracts';

/** A question as the form builder holds it: a new one has no id yet. */
export interface DraftQuestion {
  id?: string | undefined;
  title: string;
  type: VisitQuestionType;
  options?: string[] | undefined;
  required?: boolean | undefined;
}

export interface FormQuestion {
  id: string;
  title: string;
  type: VisitQuestionType;
  options: string[];
  required: boolean;
}

/**
 * The questions to send: titles and options trimmed, a text question without options, and every
 * new question given an id no other question holds (`q1`, `q2`, ...). Existing ids are kept, since
 * recorded answers refer to them.
 */
export function toQuestions(drafts: DraftQuestion[]): FormQuestion[] {
  const taken = new Set(drafts.flatMap((d) => (d.id ? [d.id] : [])));
  let next = 1;
  const freshId = () => {
    while (taken.has(`q${next}`)) next++;
    const id = `q${next}`;
    taken.add(id);
    return id;
  };
  return drafts.map((d) => ({
    id: d.id || freshId(),
    title: d.title.trim(),
    type: d.type,
    options: d.type === 'text' ? [] : (d.options ?? []).map((o) => o.trim()).filter((o) => o !== ''),
    required: d.required ?? true,
  }));
}

export type AnswerValue = string | string[] | undefined;

/** The answers to send: a blank text or an empty choice is left out (the server then checks what is required). */
export function answersOf(
  questions: FormQuestion[],
  values: Record<string, AnswerValue>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const q of questions) {
    const value = values[q.id];
    if (Array.isArray(value)) {
      if (value.length > 0) out[q.id] = value;
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[q.id] = value.trim();
    }
  }
  return out;
}

/** An answer as one line (choices joined), for lists. */
export const answerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join('；') : (value ?? '');
