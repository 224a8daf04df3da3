/** Messages of the large-screen monitor, in every language. */
export const bigscreenMessages = {
  'bigscreen.title.tooLong': { 'zh-CN': '大屏标题最多 40 个字符', en: 'A monitor title is at most 40 characters' },
  'bigscreen.logo': {
    'zh-CN': 'Logo 须为您上传的 jpg 或 png 图片',
    en: 'The logo must be a jpg or png picture you uploaded',
  },
} as const;
