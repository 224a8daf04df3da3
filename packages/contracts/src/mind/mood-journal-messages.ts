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
  'v.mood.day': { 'zh-CN': '日期格式为 YYYY-MM-DD', en: 'Day as YYYY-MM-DD' },
  'v.mood.lowDays': { 'zh-CN': '连续天数为 2-14', en: 'Days in a row: 2 to 14' },
  'v.mood.lowThreshold': { 'zh-CN': '低落阈值为 1-4', en: 'Low threshold: 1 to 4' },
  'v.mood.noteReaders': { 'zh-CN': '请选择谁能读日记', en: 'Choose who may read the notes' },
  'mood.noSchool': { 'zh-CN': '不在您管理范围内的学校', en: 'That school is not one of yours' },
  'mood.noStudent': { 'zh-CN': '找不到该学生的心情日记', en: 'No mood journal of that student in your scope' },
  'mood.noteClosed': {
    'zh-CN': '学校的设置不允许您阅读该学生的日记内容',
    en: 'Your school’s setting does not let you read this student’s notes',
  },
  'mood.noNote': { 'zh-CN': '该学生这一天没有写日记', en: 'The student wrote no note that day' },
  'mood.lowReason': {
    'zh-CN': '心情日记连续 {days} 天情绪低落（{since} 起）',
    en: 'Mood journal: low mood {days} days in a row (since {since})',
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
