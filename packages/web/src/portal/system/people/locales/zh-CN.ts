/** The people administration pages' titles and menu entries, merged under `system` (see portal/locales/index.ts). */
export const peopleRouteZhCN = {
  orgs: '组织机构',
  students: '学生管理',
  parents: '家长管理',
  teachers: '教师管理',
  reshuffle: '教师异动审核',
  depts: '部门与用户组',
  xuenian: '学年学期',
  dataCheck: '数据检查',
};
export const peopleMenuZhCN = { ...peopleRouteZhCN, reshuffle: '异动审核', depts: '部门与用户组' };
