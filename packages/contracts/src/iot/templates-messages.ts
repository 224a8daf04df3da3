/** The sentences of Device Cloud templates, slaves, data points and the device library, in zh-CN and English. */
export const templatesMessages = {} as const;
