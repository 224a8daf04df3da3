/** Messages of assessments, in every language. */
export const assessmentsMessages = {};
