import type { DemoAccount } from '../../portal/demo.ts';

export type DemoAccountKey = 'bureau' | 'school' | 'psychology' | 'classTeacher';

/** One Mind account per role a visitor wants to try, in the order the README lists them. */
export const DEMO_ACCOUNTS: readonly (DemoAccount & { key: DemoAccountKey })[] = [
  {
    key: 'bureau',
    account: 'demo_bureau',
    roleId: 1,
    role: '教育局管理员 (bureau administrator)',
    sees: '示范区教育局: all three schools and their students',
  },
  {
    key: 'school',
    account: 'demo_school',
    roleId: 2,
    role: '学校管理员 (school administrator)',
    sees: '示范区实验小学 only',
  },
  {
    key: 'psychology',
    account: 'demo_psych',
    roleId: 3,
    role: '心理老师 (psychology teacher)',
    sees: '示范区实验小学 only',
  },
  {
    key: 'classTeacher',
    account: 'demo_teacher',
    roleId: 4,
    role: '班主任 (class teacher)',
    sees: '示范区实验小学 一(1)班 only',
  },
];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!found) throw new Error(`no demo account ${key}`);
  return found;
}
