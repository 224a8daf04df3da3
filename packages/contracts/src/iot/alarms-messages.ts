/** Messages of triggers and alarms, in every language. */
export const alarmsMessages = {};
