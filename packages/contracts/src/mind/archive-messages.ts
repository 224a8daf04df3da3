/** Messages of the student archive, home visits and counselling, in every language. */
export const archiveMessages = {};
