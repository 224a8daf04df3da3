import type { peopleMenuZhCN, peopleRouteZhCN } from './zh-CN.ts';

export const peopleRouteEn: typeof peopleRouteZhCN = {
  orgs: 'Organisations',
  students: 'Students',
  parents: 'Parents',
  teachers: 'Teachers',
  reshuffle: 'Teacher changes awaiting review',
  depts: 'Departments and groups',
  xuenian: 'School years and semesters',
  dataCheck: 'Data checks',
};
export const peopleMenuEn: typeof peopleMenuZhCN = {
  ...peopleRouteEn,
  reshuffle: 'Reshuffles',
  depts: 'Depts, groups',
  xuenian: 'School years',
};
