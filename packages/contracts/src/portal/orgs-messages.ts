/** The sentences of the portal's orgs area, in zh-CN and English. */
export const orgsMessages = {} as const;
