/** The sentences of the portal's files area, in zh-CN and English. */
export const filesMessages = {} as const;
