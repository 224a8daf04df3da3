/** The sentences of the portal's accounts area, in zh-CN and English. */
export const accountsMessages = {} as const;
