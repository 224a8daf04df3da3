/** The sentences of teachers, class teachers, groups and teacher reshuffle, in zh-CN and English. */
export const teachersMessages = {} as const;
