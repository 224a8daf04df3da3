/** Messages of the large screens' calls, in every language. */
export const screensMessages = {
  'v.screen.period': {
    'zh-CN': '请选择正确的时间段：结束时间须晚于开始时间',
    en: 'Choose a valid period: its end must come after its start',
  },
  'v.screen.school': { 'zh-CN': '请选择学校', en: 'Choose a school' },
  'v.screen.scale': { 'zh-CN': '请选择量表', en: 'Choose a scale' },
  'v.screen.student': { 'zh-CN': '请选择学生', en: 'Choose a student' },
  'screen.code.intervene.interview': { 'zh-CN': '访谈', en: 'Interview' },
  'screen.code.intervene.plan': { 'zh-CN': '干预方案', en: 'Plan' },
  'screen.code.intervene.returnVisit': { 'zh-CN': '回访', en: 'Return visit' },
  'screen.code.intervene.referral': { 'zh-CN': '转介', en: 'Referral' },
  'screen.outside': {
    'zh-CN': '该学校不在您的数据范围内，请选择您管辖的学校',
    en: 'That school is outside your data scope; choose one of your schools',
  },
  'v.screen.org': { 'zh-CN': '请选择街道或区县', en: 'Choose a sub-district or district' },
  'screen.notOrg': {
    'zh-CN': '该街道或区县不在您的数据范围内，请选择您所辖的街道',
    en: 'That sub-district is outside your data scope; choose one within your area',
  },
  'v.screen.note': { 'zh-CN': '备注不超过 60 个字', en: 'Keep the note to 60 characters' },
  'v.screen.expiry': { 'zh-CN': '请选择正确的有效期', en: 'Choose a valid expiry date' },
  'screen.link.school': {
    'zh-CN': '请选择要发布大屏的学校',
    en: 'Choose the school whose screen you publish',
  },
  'screen.link.past': { 'zh-CN': '有效期须晚于现在', en: 'The expiry must be later than now' },
  'screen.link.notFound': {
    'zh-CN': '该链接不存在或不在您的数据范围内',
    en: 'That link does not exist or is outside your data scope',
  },
  'screen.link.unknown': {
    'zh-CN': '该大屏链接无效，请向学校索取新的链接',
    en: 'This screen link is not valid; ask the school for a new one',
  },
  'screen.link.revoked': {
    'zh-CN': '该大屏链接已被学校撤销，请向学校索取新的链接',
    en: 'The school has revoked this screen link; ask the school for a new one',
  },
  'screen.link.expired': {
    'zh-CN': '该大屏链接已过期，请向学校索取新的链接',
    en: 'This screen link has expired; ask the school for a new one',
  },
} as const;
