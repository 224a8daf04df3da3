/** The sentences of Device Cloud devices, tags and projects, in zh-CN and English. */
export const devicesMessages = {} as const;
