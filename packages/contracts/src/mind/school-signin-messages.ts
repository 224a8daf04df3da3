/** Messages of the student-number sign-in and its school setting, in every language. */
export const schoolSignInMessages = {
  'v.schoolSignIn.suffix': {
    'zh-CN': '请输入身份证号后六位（最后一位可为 X）',
    en: 'Enter the last six characters of the ID-card number (the last may be X)',
  },
  'v.schoolSignIn.studentNo': { 'zh-CN': '请输入学号', en: 'Enter the student number' },
  'schoolSignIn.wrong': {
    'zh-CN': '学号或身份证号后六位错误',
    en: 'Wrong student number or ID-card suffix',
  },
  'schoolSignIn.noSchool': {
    'zh-CN': '您的账号不属于某所学校，无法设置学校的登录方式',
    en: 'Your account belongs to no school, so there is no school sign-in to set',
  },
  'schoolSignIn.off': {
    'zh-CN': '该学校未开启学号登录，请使用账号和密码登录',
    en: 'This school does not allow sign-in with a student number; use your account and password',
  },
} as const;
