/** Messages of the mood journal, in every language. */
export const moodJournalMessages = {
  'v.mood.mood': { 'zh-CN': '请选择今天的心情', en: 'Choose today’s mood' },
  'v.mood.intensity': { 'zh-CN': '强度为 1-10', en: 'Intensity: 1 to 10' },
  'v.mood.tag': { 'zh-CN': '每个标签 1-12 个字', en: 'Each tag: 1 to 12 characters' },
  'v.mood.tags': { 'zh-CN': '最多 5 个标签', en: 'At most 5 tags' },
  'v.mood.note': { 'zh-CN': '日记最多 500 字', en: 'The note: at most 500 characters' },
  'v.mood.month': { 'zh-CN': '月份格式为 YYYY-MM', en: 'Month as YYYY-MM' },
  'mood.notStudent': {
    'zh-CN': '心情日记只对学生账号开放',
    en: 'The mood journal is kept by students; sign in with a student account',
  },
  'mood.crisisReason': {
    'zh-CN': '心情日记中出现危机信号：{categories}',
    en: 'Crisis signs in the mood journal: {categories}',
  },
  'crisis.suicide': { 'zh-CN': '自杀', en: 'suicide' },
  'crisis.self_harm': { 'zh-CN': '自伤', en: 'self-harm' },
  'crisis.abuse': { 'zh-CN': '受虐待或欺凌', en: 'abuse or bullying' },
  'crisis.violence': { 'zh-CN': '暴力', en: 'violence' },
} as const;
