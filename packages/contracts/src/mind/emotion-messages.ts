/** Messages of class emotion samples and the emotion boards, in every language. */
export const emotionMessages = {
  'emotion.badShare': { 'zh-CN': '每种情绪的占比须在 0 到 1 之间', en: 'Each emotion’s share must be between 0 and 1' },
  'emotion.badSum': {
    'zh-CN': '各情绪占比之和须为 1（允许 ±0.01），样本未保存',
    en: 'The emotion shares must add up to 1 (±0.01); the sample was not stored',
  },
  'emotion.unknownClass': {
    'zh-CN': '该设备所在学校没有这个班级，样本未保存',
    en: 'The device’s school has no such class; the sample was not stored',
  },
  'emotion.badRange': {
    'zh-CN': '请选择不超过 400 天的日期范围',
    en: 'Choose a date range of at most 400 days',
  },
  'emotion.notSchool': { 'zh-CN': '请选择你管理的学校', en: 'Choose a school you manage' },
  'emotion.notOrg': {
    'zh-CN': '请选择你所辖范围内的街道或区县',
    en: 'Choose a sub-district or district within your area',
  },
  'emotion.notClass': { 'zh-CN': '请选择你管理的班级', en: 'Choose a class you manage' },
} as const;
