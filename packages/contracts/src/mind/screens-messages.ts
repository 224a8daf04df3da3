/** Messages of the large screens' calls, in every language. */
export const screensMessages = {
  'v.screen.period': {
    'zh-CN': '请选择正确的时间段：结束时间须晚于开始时间',
    en: 'Choose a valid period: its end must come after its start',
  },
  'v.screen.school': { 'zh-CN': '请选择学校', en: 'Choose a school' },
  'v.screen.scale': { 'zh-CN': '请选择量表', en: 'Choose a scale' },
  'screen.outside': {
    'zh-CN': '该学校不在您的数据范围内，请选择您管辖的学校',
    en: 'That school is outside your data scope; choose one of your schools',
  },
} as const;
