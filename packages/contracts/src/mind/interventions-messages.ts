/** Messages of the warning workflow and interventions, in every language. */
export const interventionsMessages = {};
