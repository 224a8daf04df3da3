/** Messages of articles, in every language. */
export const articlesMessages = {
  'v.article.title': {
    'zh-CN': '请填写文章标题（最多 100 个字符）',
    en: 'Give the article a title (at most 100 characters)',
  },
  'v.article.type': { 'zh-CN': '请选择文章类型', en: 'Choose the article type' },
  'v.article.content': { 'zh-CN': '请填写文章内容', en: 'Write the article’s content' },
  'v.article.contentLong': {
    'zh-CN': '文章内容过长（最多 100000 个字符）',
    en: 'The content is too long (at most 100,000 characters)',
  },
  'v.article.published': { 'zh-CN': '发布状态无效', en: 'The published state is not valid' },
  'v.article.pinned': { 'zh-CN': '置顶状态无效', en: 'The pinned state is not valid' },
  'v.article.showFrom': { 'zh-CN': '展示开始时间无效', en: 'The start of the display is not valid' },
  'v.article.showUntil': { 'zh-CN': '展示结束时间无效', en: 'The end of the display is not valid' },
  'v.article.window': {
    'zh-CN': '展示结束时间必须晚于开始时间',
    en: 'The display must end after it starts',
  },
  'article.notFound': { 'zh-CN': '文章不存在', en: 'No such article' },
} as const;
