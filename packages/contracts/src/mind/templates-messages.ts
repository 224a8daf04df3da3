/** Messages of the template center (decision 0132), in every language. */
export const mindTemplatesMessages = {
  'v.template.school': { 'zh-CN': '请选择学校', en: 'Choose a school' },
  'v.template.screen': {
    'zh-CN': '请选择学校首页大屏：只能选择面向单个学校的大屏',
    en: 'Choose the school’s home screen: only a screen about one school can be chosen',
  },
  'v.template.report': { 'zh-CN': '请选择报告模板', en: 'Choose a report template' },
  'template.outside': {
    'zh-CN': '该学校不在您的数据范围内，请选择您管辖的学校',
    en: 'That school is outside your data scope; choose one of your schools',
  },
  'template.bureauOnly': {
    'zh-CN': '学校的大屏和报告模板由上级教育局选择，请联系教育局修改',
    en: 'A school’s screen and report templates are chosen by its bureau; ask the bureau to change them',
  },
} as const;
