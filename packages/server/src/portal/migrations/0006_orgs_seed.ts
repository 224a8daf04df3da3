/**
 * What 0006 writes besides the code lists: the launcher's apps, the Mind sidebar's first menus,
 * and the grants of the built-in Device Cloud roles. A snapshot: later changes go in new
 * migrations, so this file never imports today's catalogues.
 */

const MIND_STAFF = [1, 2, 3, 4, 5];
const MIND_LEADS = [1, 2, 3, 5];
const MIND_ADMINS = [1, 2, 5];
const IOT_ROLES = [5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];

export const APP_CATEGORIES = [
  { code: 'iot', name: '设备云', en: 'Device Cloud', appCode: null },
  { code: 'mind', name: '心理健康', en: 'Mental health', appCode: null },
  { code: 'mind_warnings', name: '预警干预', en: 'Warnings and intervention', appCode: 'mind' },
  { code: 'mind_assessments', name: '测评管理', en: 'Assessments', appCode: 'mind' },
  { code: 'mind_archives', name: '心理档案', en: 'Archives', appCode: 'mind' },
  { code: 'mind_home_visits', name: '家访', en: 'Home visits', appCode: 'mind' },
  { code: 'mind_statistics', name: '统计报表', en: 'Statistics', appCode: 'mind' },
] as const;

interface SeedApp {
  code: string;
  name: string;
  en: string;
  category: string;
  parent: string | null;
  product: 'iot' | 'mind';
  icon: string | null;
  url: string;
  roles: number[];
}

const mind = (code: string, category: string, name: string, en: string, url: string, roles: number[]): SeedApp => ({
  code,
  name,
  en,
  category,
  parent: 'mind',
  product: 'mind',
  icon: null,
  url,
  roles,
});

export const APPS: SeedApp[] = [
  {
    code: 'iot',
    name: '设备云',
    en: 'Device Cloud',
    category: 'iot',
    parent: null,
    product: 'iot',
    icon: 'CloudServerOutlined',
    url: '/iot/',
    roles: IOT_ROLES,
  },
  {
    code: 'mind',
    name: '心理健康管理平台',
    en: 'Mind: mental-health management',
    category: 'mind',
    parent: null,
    product: 'mind',
    icon: 'HeartOutlined',
    url: '/jdp/',
    roles: MIND_STAFF,
  },
  mind(
    'mind_intervene',
    'mind_warnings',
    '预警干预',
    'Early warning and intervention',
    '/jdp/data/intervene',
    MIND_STAFF,
  ),
  mind('mind_security', 'mind_warnings', '安全预警', 'Security warnings', '/jdp/data/securityWarning', MIND_LEADS),
  mind('mind_emotion', 'mind_warnings', '情绪预警', 'Emotion warnings', '/jdp/data/intelEmotion', MIND_LEADS),
  mind('mind_return_visit', 'mind_warnings', '回访记录', 'Return visits', '/jdp/data/returnVisit', MIND_LEADS),
  mind('mind_warning_cockpit', 'mind_warnings', '预警处置驾驶舱', 'Warning cockpit', '/jdp/schoolWarning', MIND_LEADS),
  mind('mind_scale', 'mind_assessments', '量表测评', 'Scale assessments', '/jdp/data/scaleMeasurement', MIND_STAFF),
  mind('mind_other', 'mind_assessments', '他评', 'Other-rater assessments', '/jdp/data/otherEvaluation', MIND_STAFF),
  mind('mind_ai_scale', 'mind_assessments', 'AI 测评', 'AI assessments', '/jdp/data/AIScaleMeasurement', MIND_LEADS),
  mind(
    'mind_teacher_scale',
    'mind_assessments',
    '教师测评',
    'Teacher assessments',
    '/jdp/data/scaleMeasurementTeacher',
    MIND_LEADS,
  ),
  mind('mind_custom_scale', 'mind_assessments', '自定义量表', 'Custom scales', '/jdp/data/customScale', MIND_LEADS),
  mind('mind_student_file', 'mind_archives', '学生档案', 'Student archives', '/jdp/data/studentFile', MIND_STAFF),
  mind('mind_group', 'mind_archives', '团体辅导', 'Group counselling', '/jdp/data/groupApply', MIND_LEADS),
  mind('mind_mood_journal', 'mind_archives', '心情日记', 'Mood journal', '/jdp/data/moodJournal', MIND_STAFF),
  mind('mind_emotion_log', 'mind_archives', '情绪日志', 'Emotion log', '/jdp/data/emotionLog', MIND_LEADS),
  mind(
    'mind_home_visit_task',
    'mind_home_visits',
    '家访任务',
    'Home-visit tasks',
    '/jdp/data/homeVisitTaskConfig',
    MIND_LEADS,
  ),
  mind(
    'mind_home_visit_record',
    'mind_home_visits',
    '家访记录',
    'Home-visit records',
    '/jdp/data/homeVisitRecord',
    MIND_STAFF,
  ),
  mind('mind_report', 'mind_statistics', '统计报告', 'Reports', '/jdp/data/report', MIND_LEADS),
  mind('mind_downloads', 'mind_statistics', '下载中心', 'Download center', '/jdp/data/downloadCenter', MIND_STAFF),
  mind('mind_docking', 'mind_statistics', '数据对接', 'Province data docking', '/jdp/data/dataDocking', MIND_ADMINS),
  mind('mind_upstream', 'mind_statistics', '上报记录', 'Upstream records', '/jdp/data/upstreamRecord', MIND_ADMINS),
  mind('mind_district_screen', 'mind_statistics', '区县大屏', 'District screen', '/jdp/districtScreen', [1, 5]),
  mind('mind_school_screen', 'mind_statistics', '学校大屏', 'School screen', '/jdp/schoolScreen', MIND_ADMINS),
];

const IOT_PATHS = [
  '/iot/home',
  '/iot/devices',
  '/iot/templates',
  '/iot/alarms',
  '/iot/triggers',
  '/iot/history',
  '/iot/tasks',
  '/iot/firmware',
  '/iot/workOrders',
  '/iot/maintenance',
  '/iot/users',
  '/iot/projects',
  '/iot/orders',
  '/iot/statistics',
  '/iot/settings',
];
const owner = IOT_PATHS.filter((p) => p !== '/iot/statistics');

interface RoleGrant {
  roleId: number;
  perms: Array<[path: string, perms: string]>;
  menus: string[];
}
const grant = (roleId: number, perms: Array<[string, string]>, extra: Array<[string, string]> = []): RoleGrant => ({
  roleId,
  perms: [...perms, ...extra],
  menus: perms.map(([path]) => path),
});
const every = (paths: string[], perms: string): Array<[string, string]> => paths.map((p) => [p, perms]);

/**
 * The built-in Device Cloud roles' permissions and menus (0003 created them empty). A main account
 * runs its own devices and sub-users and lists its sub-users in the account list; the others see
 * what their job needs. The administrator (12) already holds everything.
 */
export const ROLE_GRANTS: RoleGrant[] = [
  grant(10, every(owner, '*'), [['/system/user', 'view']]),
  grant(11, [
    ['/iot/home', 'view'],
    ['/iot/devices', 'view,edit,delete,control'],
    ['/iot/alarms', 'view,edit'],
    ['/iot/triggers', 'view'],
    ['/iot/history', 'view,export'],
    ['/iot/tasks', 'view'],
    ['/iot/workOrders', 'view,add'],
  ]),
  grant(13, every(IOT_PATHS, '*'), [['/system/user', 'view,edit,review,resetPassword']]),
  grant(14, [
    ['/iot/home', 'view'],
    ['/iot/devices', 'view,edit,control'],
    ['/iot/alarms', 'view,edit'],
    ['/iot/history', 'view,export'],
    ['/iot/projects', 'view,edit'],
    ['/iot/workOrders', 'view,add,edit'],
    ['/iot/users', 'view'],
  ]),
  grant(15, [
    ['/iot/home', 'view'],
    ['/iot/devices', 'view'],
    ['/iot/workOrders', '*'],
    ['/iot/maintenance', '*'],
  ]),
  grant(16, [
    ['/iot/home', 'view'],
    ['/iot/devices', 'view'],
    ['/iot/alarms', 'view,edit'],
    ['/iot/workOrders', 'view,edit'],
    ['/iot/maintenance', 'view,edit'],
  ]),
  grant(17, every(owner, '*'), [['/system/user', 'view']]),
  grant(18, every(owner, '*'), [['/system/user', 'view']]),
  grant(19, every(IOT_PATHS, 'view')),
];
