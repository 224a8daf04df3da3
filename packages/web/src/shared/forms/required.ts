import type { FormRule } from 'antd';

// Apart from rules.ts, whose schema rules bring Zod and the whole message catalogue: a sign-in
// form needs only this (decision 0051).

/** A required field with the page's own "please enter ..." sentence. */
export const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
