/** Messages of contacts and alarm notifications, in every language. */
export const notifyMessages = {};
