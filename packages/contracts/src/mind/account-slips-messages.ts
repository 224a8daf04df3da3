/** Messages of batch accounts and their sign-in slips, in every language. */
export const accountSlipsMessages = {
  'v.accounts.parents': { 'zh-CN': '请选择是否同时创建家长账号', en: 'Say whether to create parent accounts too' },
  'accounts.orgNotFound': {
    'zh-CN': '该班级、年级或学校不存在或不在您的管理范围内',
    en: 'No such class, grade or school in your scope',
  },
  'accounts.noAccount': {
    'zh-CN': '该学生还没有账号，请先批量创建账号',
    en: 'This student has no account yet; create accounts first',
  },
  'download.file.accountSlips': { 'zh-CN': '{org}_账号登录条_{date}', en: '{org} sign-in slips {date}' },
  'download.file.accountList': { 'zh-CN': '{org}_账号清单_{date}', en: '{org} account list {date}' },
  'download.file.passwordReset': { 'zh-CN': '{name}_重置密码_{date}', en: '{name} password reset {date}' },
  'slips.title': { 'zh-CN': '心理健康平台账号登录条', en: 'Mental-health platform sign-in slip' },
  'slips.student': { 'zh-CN': '学生', en: 'Student' },
  'slips.parent': { 'zh-CN': '家长', en: 'Parent' },
  'slips.class': { 'zh-CN': '班级', en: 'Class' },
  'slips.account': { 'zh-CN': '账号', en: 'Account' },
  'slips.password': { 'zh-CN': '初始密码', en: 'Initial password' },
  'slips.hadAccount': { 'zh-CN': '已有账号，请使用原密码', en: 'Already has an account: use its password' },
  'slips.scan': {
    'zh-CN': '手机扫码登录，首次登录须修改密码。请妥善保管本登录条。',
    en: 'Scan to sign in on a phone; the password must be changed at first sign-in. Keep this slip safe.',
  },
  'slips.skipped': {
    'zh-CN': '已有账号、本次跳过的学生（{count} 人）',
    en: 'Students skipped: they already have an account ({count})',
  },
  'slips.none': {
    'zh-CN': '所选范围内的学生和家长都已有账号，未创建新账号。',
    en: 'Every student and parent selected already has an account; none was created.',
  },
  'slips.relation.father': { 'zh-CN': '父亲', en: 'father' },
  'slips.relation.mother': { 'zh-CN': '母亲', en: 'mother' },
  'slips.relation.guardian': { 'zh-CN': '监护人', en: 'guardian' },
  'slips.relation.other': { 'zh-CN': '其他', en: 'other' },
  'slips.sheet': { 'zh-CN': '账号清单', en: 'Accounts' },
  'slips.sheetSkipped': { 'zh-CN': '已跳过', en: 'Skipped' },
  'slips.col.role': { 'zh-CN': '身份', en: 'Role' },
  'slips.col.name': { 'zh-CN': '姓名', en: 'Name' },
  'slips.col.studentNo': { 'zh-CN': '学号', en: 'Student number' },
  'slips.col.child': { 'zh-CN': '孩子', en: 'Child' },
  'slips.col.expires': {
    'zh-CN': '本文件含初始密码，{hours} 小时后过期',
    en: 'This file holds initial passwords; it expires in {hours} hours',
  },
};
