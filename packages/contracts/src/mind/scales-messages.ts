/** Messages of scales, in every language. */
export const scalesMessages = {};
