import type { Lang } from '../lang.ts';

/** The apps a role belongs to: the two products and the portal they share. */
export const ROLE_APPS = ['portal', 'mind', 'iot'] as const;
export type RoleApp = (typeof ROLE_APPS)[number];

type Words = Record<Lang, string>;

export const ROLE_APP_NAMES: Record<RoleApp, Words> = {
  portal: { 'zh-CN': '门户', en: 'Portal' },
  mind: { 'zh-CN': '心理健康', en: 'Mind' },
  iot: { 'zh-CN': '设备云', en: 'Device Cloud' },
};

/** A page (or area) that permissions are granted on: its front-end path and the codes it checks. */
export interface FeatureDef {
  app: RoleApp;
  group: string;
  path: string;
  name: Words;
  codes: readonly string[];
}

/** What each permission code lets a role do, as the role editor shows it. */
export const PERMISSION_CODE_NAMES: Record<string, Words> = {
  '*': { 'zh-CN': '全部', en: 'Everything' },
  view: { 'zh-CN': '查看', en: 'View' },
  add: { 'zh-CN': '新增', en: 'Add' },
  edit: { 'zh-CN': '编辑', en: 'Edit' },
  delete: { 'zh-CN': '删除', en: 'Delete' },
  export: { 'zh-CN': '导出', en: 'Export' },
  import: { 'zh-CN': '导入', en: 'Import' },
  review: { 'zh-CN': '审核', en: 'Review' },
  resetPassword: { 'zh-CN': '重置密码', en: 'Reset password' },
  runAs: { 'zh-CN': '代登录', en: 'Act as user' },
  control: { 'zh-CN': '下发控制', en: 'Control' },
  reshuffle: { 'zh-CN': '调动申请', en: 'Apply for reshuffle' },
  audit: { 'zh-CN': '调动审核', en: 'Approve reshuffles' },
  bind: { 'zh-CN': '账号绑定', en: 'Bind accounts' },
  privateNotes: { 'zh-CN': '查看咨询私密笔记', en: 'Read counsellors’ private notes' },
  assign: { 'zh-CN': '分派预警', en: 'Assign warnings' },
  dispatch: { 'zh-CN': '派单', en: 'Assign work orders' },
  handle: { 'zh-CN': '接单与完成', en: 'Accept and complete work orders' },
  confirm: { 'zh-CN': '确认或重新打开', en: 'Confirm or reopen work orders' },
};

export const FEATURE_GROUP_NAMES: Record<string, Words> = {
  system: { 'zh-CN': '系统管理', en: 'System administration' },
  home: { 'zh-CN': '首页', en: 'Home' },
  assessments: { 'zh-CN': '测评管理', en: 'Assessments' },
  warnings: { 'zh-CN': '预警干预', en: 'Warnings and intervention' },
  archives: { 'zh-CN': '心理档案', en: 'Archives' },
  homeVisits: { 'zh-CN': '家访', en: 'Home visits' },
  counselling: { 'zh-CN': '心理辅导', en: 'Counselling' },
  daily: { 'zh-CN': '日常工作', en: 'Daily work' },
  statistics: { 'zh-CN': '统计报表', en: 'Statistics' },
  monitoring: { 'zh-CN': '设备监控', en: 'Monitoring' },
  operations: { 'zh-CN': '运维', en: 'Operations' },
  account: { 'zh-CN': '账号与业务', en: 'Accounts and business' },
};

const crud = ['view', 'add', 'edit', 'delete'] as const;
const f = (
  app: RoleApp,
  group: string,
  path: string,
  zh: string,
  en: string,
  codes: readonly string[],
): FeatureDef => ({
  app,
  group,
  path,
  name: { 'zh-CN': zh, en },
  codes,
});

/**
 * Every feature permissions are granted on, coarse for now: the portal's administration pages
 * and the areas of both specs. Later issues add their pages here; a role may only hold entries
 * whose path is listed (or `*`).
 */
export const FEATURES: readonly FeatureDef[] = [
  f('portal', 'system', '/system/user', '用户管理', 'Users', [...crud, 'review', 'resetPassword', 'runAs']),
  f('portal', 'system', '/system/org', '组织机构', 'Organisations', crud),
  f('portal', 'system', '/system/role', '角色权限', 'Roles and permissions', crud),
  f('portal', 'system', '/system/app', '应用管理', 'Apps', ['view', 'edit']),
  f('portal', 'system', '/system/audit', '审计日志', 'Audit log', ['view']),
  f('portal', 'system', '/system/policy', '密码策略', 'Password policy', ['view', 'edit']),
  f('mind', 'system', '/system/student', '学生管理', 'Students', [...crud, 'import', 'export']),
  f('mind', 'system', '/system/parent', '家长管理', 'Parents', [...crud, 'import', 'export']),
  f('mind', 'system', '/system/teacher', '教师管理', 'Teachers', [...crud, 'import', 'export', 'reshuffle', 'audit']),
  f('mind', 'system', '/system/dept', '部门管理', 'Departments', ['view', 'edit']),
  f('mind', 'system', '/system/group', '用户组', 'Groups', ['view', 'edit']),
  f('mind', 'system', '/system/dataCheck', '数据检查', 'Data checks', ['view']),
  f('mind', 'system', '/data/accountBindManage', '账号绑定管理', 'Account binding', ['view', 'edit', 'bind']),
  f('mind', 'system', '/system/xuenian', '学年学期', 'School years and semesters', ['view', 'add', 'edit']),

  f('mind', 'home', '/data/home', '首页', 'Home', ['view']),
  f('mind', 'assessments', '/data/scaleMeasurement', '量表测评', 'Scale assessments', [...crud, 'export']),
  f('mind', 'assessments', '/data/otherEvaluation', '他评', 'Other-rater assessments', [...crud, 'export']),
  f('mind', 'assessments', '/data/scaleResult', '测评结果', 'Assessment results', ['view', 'export']),
  f('mind', 'assessments', '/data/systemScale', '量表中心', 'Scale center', crud),
  f('mind', 'assessments', '/data/AIScaleMeasurement', 'AI 测评', 'AI assessments', crud),
  f('mind', 'warnings', '/data/intervene', '预警干预', 'Early warning and intervention', [
    ...crud,
    'export',
    'assign',
    'privateNotes',
  ]),
  f('mind', 'warnings', '/data/lastWarningLevel', '预警等级', 'Warning levels', ['view', 'edit']),
  f('mind', 'warnings', '/data/attentionReminder', '关注提醒', 'Follow-up reminders', ['view']),
  f('mind', 'warnings', '/data/reminderConfiguration', '提醒模型配置', 'Reminder model', ['view', 'edit']),
  f('mind', 'warnings', '/data/securityWarning', '安全预警', 'Security warnings', ['view', 'edit']),
  f('mind', 'warnings', '/data/equipmentManage', '设备管理', 'Campus equipment', crud),
  f('mind', 'warnings', '/data/hk', '视频回放', 'Video playback', ['view']),
  f('mind', 'warnings', '/data/schoolEmotion', '情绪看板', 'Emotion boards', ['view']),
  f('mind', 'warnings', '/data/campusPsychology', '心理数据看板', 'Campus psychology board', ['view']),
  f('mind', 'warnings', '/data/emotionRecord', '情绪记录', 'Emotion records', ['view']),
  f('mind', 'warnings', '/data/faceUpload', '人脸白名单', 'Whitelist faces', ['view', 'add', 'delete', 'edit']),
  f('mind', 'warnings', '/data/trajectoryQuery', '轨迹查询', 'Trajectory query', ['view']),
  f('mind', 'warnings', '/data/intelEmotion', '情绪预警', 'Emotion warnings', ['view', 'edit']),
  f('mind', 'warnings', '/data/emotionLog', '情绪日志', 'Emotion log', ['view']),
  f('mind', 'warnings', '/data/behaviorJournal', '行为日志', 'Behaviour journal', ['view', 'export']),
  f('mind', 'archives', '/data/studentFile', '学生档案', 'Student archives', [...crud, 'export']),
  f('mind', 'archives', '/data/moodJournal', '心情日记', 'Mood journal', ['view']),
  f('mind', 'archives', '/data/moodJournalTest', '心情日记设置', 'Mood journal settings', ['view', 'edit']),
  f('mind', 'counselling', '/data/groupApply', '团体辅导申请', 'Group counselling applications', [...crud, 'review']),
  f('mind', 'counselling', '/data/groupRecord', '团体辅导记录', 'Group counselling records', crud),
  f('mind', 'counselling', '/data/appointmentRecordQuery', '个体咨询预约', 'Counselling appointments', [
    ...crud,
    'review',
    'privateNotes',
  ]),
  f('mind', 'counselling', '/data/activityManage', '活动管理', 'Activities', [...crud, 'export']),
  f('mind', 'counselling', '/data/signature', '在线签署', 'Online signing', [...crud, 'export']),
  f('mind', 'counselling', '/data/tutorChoice', '导师选择', 'Tutor choice', crud),
  f('mind', 'counselling', '/data/taskSelectProgress', '选择进度', 'Tutor-choice progress', ['view']),
  f('mind', 'daily', '/data/dailyDynamic', '工作动态', 'Work news', crud),
  f('mind', 'daily', '/data/dailyObservationOfTeachers', '教师日常观察', 'Teachers’ daily observations', crud),
  f('mind', 'daily', '/data/observationSchool', '学校观察', 'School observations', crud),
  f('mind', 'daily', '/data/setback', '学生挫折事件', 'Student setbacks', crud),
  f('mind', 'daily', '/data/describeManage', '学生描述', 'Student descriptions', crud),
  f('mind', 'daily', '/data/mentalTeacherManage', '心理教师管理', 'Psychology teachers', crud),
  f('mind', 'homeVisits', '/data/homeVisitTaskConfig', '家访任务', 'Home-visit tasks', crud),
  f('mind', 'homeVisits', '/data/homeVisitRecord', '家访记录', 'Home-visit records', [...crud, 'export']),
  f('mind', 'statistics', '/data/report', '统计报告', 'Reports', ['view', 'export']),
  // Areas (decision 0109): each area's schools and headline counts; one area's view opens from the list.
  f('mind', 'statistics', '/data/qyList', '区域列表', 'Areas', ['view']),
  f('mind', 'statistics', '/data/templateHome', '模板中心', 'Templates', ['view', 'edit']),
  f('mind', 'statistics', '/data/downloadCenter', '下载中心', 'Download center', ['view']),
  f('mind', 'statistics', '/data/dataDocking', '数据对接', 'Province data docking', ['view', 'edit']),

  f('iot', 'monitoring', '/iot/home', '首页', 'Home', ['view']),
  f('iot', 'monitoring', '/iot/devices', '设备管理', 'Devices', [...crud, 'control', 'import', 'export']),
  f('iot', 'monitoring', '/iot/templates', '设备模板', 'Device templates', crud),
  f('iot', 'monitoring', '/iot/alarms', '报警记录', 'Alarms', ['view', 'edit']),
  f('iot', 'monitoring', '/iot/triggers', '触发器', 'Triggers', crud),
  f('iot', 'monitoring', '/iot/scada', '云组态', 'Cloud configuration', [...crud, 'operate']),
  f('iot', 'monitoring', '/iot/cameras', '摄像头', 'Cameras', crud),
  f('iot', 'monitoring', '/iot/history', '历史数据', 'Historical data', ['view', 'export']),
  f('iot', 'operations', '/iot/tasks', '定时任务', 'Timed tasks', crud),
  f('iot', 'operations', '/iot/firmware', '固件管理', 'Firmware', crud),
  f('iot', 'operations', '/iot/workOrders', '工单', 'Work orders', ['view', 'add', 'dispatch', 'handle', 'confirm']),
  f('iot', 'operations', '/iot/maintenance', '维保计划', 'Maintenance plans', crud),
  f('iot', 'account', '/iot/users', '下级用户', 'Sub-users', crud),
  f('iot', 'account', '/iot/projects', '项目管理', 'Projects', crud),
  f('iot', 'account', '/iot/orders', '订单', 'Orders', ['view', 'add']),
  f('iot', 'account', '/iot/invoices', '发票审核', 'Invoice review', ['view', 'review']),
  f('iot', 'account', '/iot/transfers', '转账确认', 'Bank transfer confirmation', ['view', 'confirm']),
  f('iot', 'account', '/iot/statistics', '运营统计', 'Operation statistics', ['view']),
  f('iot', 'account', '/iot/articles', '文章管理', 'Articles', crud),
  f('iot', 'account', '/iot/settings', '系统设置', 'Settings', ['view', 'edit']),
];

export function featureAt(path: string): FeatureDef | undefined {
  return FEATURES.find((feature) => feature.path === path);
}
