/** The sentences of the portal's oauth area, in zh-CN and English. */
export const oauthMessages = {} as const;
