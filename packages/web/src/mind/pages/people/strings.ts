import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import { peopleEn } from '../../../shared/people/locales/en.ts';
import { peopleZhCN } from '../../../shared/people/locales/zh-CN.ts';

/**
 * Mind's people pages reuse the portal's people components (the student card, the status tags), so
 * they lend Mind the same strings under the same keys, once, when the first of them loads: one
 * wording for a student in both apps (decision 0023).
 */
const strings: Record<Lang, object> = {
  'zh-CN': {
    system: {
      people: peopleZhCN,
      total: '共 {{total}} 条',
      loadFailed: '数据加载失败',
      retry: '重试',
      search: '查询',
      reset: '重置',
      all: '全部',
      actions: '操作',
    },
    mindPeople: {
      allStudentEmpty: '您的范围内没有符合条件的学生',
      noPermission: '当前角色无权查看账号绑定，如需使用请联系管理员。',
      card: '卡片',
      file: '档案',
      bind: {
        log: '绑定记录',
        manage: '绑定管理',
        kind: '类型',
        kinds: { student: '学生', teacher: '教师', parent: '家长' },
        actions: { bind: '绑定', unbind: '解绑', transfer: '转移' },
        roster: '花名册',
        pick: '选择要处理的学生',
        at: '时间',
        action: '操作',
        account: '账号',
        from: '原账号',
        by: '操作人',
        empty: '还没有绑定记录',
        checkAndBind: '检查并绑定',
        checkHint: '没有账号时按规则新建账号并绑定（默认密码）',
        bindTo: '绑定到账号',
        transferTo: '转移到账号',
        userId: '账号 ID',
        needUser: '请输入账号 ID',
        unbind: '解除绑定',
        unbindTitle: '解除这名学生的账号绑定？',
        done: '已完成：{{account}}',
        unbound: '已解除绑定',
      },
    },
  },
  en: {
    system: {
      people: peopleEn,
      total: '{{total}} in all',
      loadFailed: 'The data could not be loaded',
      retry: 'Try again',
      search: 'Search',
      reset: 'Reset',
      all: 'All',
      actions: 'Actions',
    },
    mindPeople: {
      allStudentEmpty: 'No student of your scope matches',
      noPermission: 'Your current role may not see account binding; ask your administrator if you need it.',
      card: 'Card',
      file: 'File',
      bind: {
        log: 'Bind log',
        manage: 'Bind accounts',
        kind: 'Kind',
        kinds: { student: 'Student', teacher: 'Teacher', parent: 'Parent' },
        actions: { bind: 'Bind', unbind: 'Unbind', transfer: 'Transfer' },
        roster: 'Roster',
        pick: 'Choose the student to act on',
        at: 'When',
        action: 'Action',
        account: 'Account',
        from: 'From account',
        by: 'By',
        empty: 'No binding yet',
        checkAndBind: 'Check and bind',
        checkHint: 'Without an account, one is created by the rules and bound (default password)',
        bindTo: 'Bind to account',
        transferTo: 'Transfer to account',
        userId: 'Account id',
        needUser: 'Enter the account id',
        unbind: 'Unbind',
        unbindTitle: 'Unbind this student’s account?',
        done: 'Done: {{account}}',
        unbound: 'Unbound',
      },
    },
  },
};

for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
