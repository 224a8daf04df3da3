/** The password of every demo account unless DEMO_PASSWORD sets another (README, "Demo accounts"). */
export const DEFAULT_DEMO_PASSWORD = 'Demo@2026';

export type DemoAccountKey = 'bureau' | 'school' | 'psychology' | 'classTeacher' | 'iot';

export interface DemoAccount {
  key: DemoAccountKey;
  account: string;
  roleId: number;
  /** How the console names the role, in both languages, as the README's table does. */
  role: string;
  sees: string;
}

/** One account per role a visitor wants to try, in the order the README lists them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
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
  {
    key: 'iot',
    account: 'demo_iot',
    roleId: 10,
    role: '设备云主账号 (Device Cloud main account)',
    sees: 'six demo devices (five DTUs, one MQTT sensor); `npm run demo` makes them live',
  },
];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!found) throw new Error(`no demo account ${key}`);
  return found;
}
