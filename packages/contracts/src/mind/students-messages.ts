/** The sentences of students, parents and school years, in zh-CN and English. */
export const studentsMessages = {} as const;
