import { counsellingMessages } from './counselling-messages.ts';
import { homeVisitsMessages } from './homevisits-messages.ts';

/** Messages of the student archive, home visits, counselling and daily work, in every language. */
export const archiveMessages = {
  'v.growth.title': { 'zh-CN': '标题为 1-50 个字符', en: 'Title: 1-50 characters' },
  'v.growth.content': { 'zh-CN': '内容为 1-2000 个字符', en: 'Content: 1-2000 characters' },
  'v.growth.category': {
    'zh-CN': '请选择类别：学习、活动、获奖、行为、健康或其他',
    en: 'Choose a category: study, activity, award, behaviour, health or other',
  },
  'v.growth.future': { 'zh-CN': '日期不能晚于今天', en: 'The date cannot be after today' },
  'growth.notFound': { 'zh-CN': '成长记录不存在', en: 'No such growth record' },
  'v.family.structure': {
    'zh-CN': '请选择家庭结构：双亲、单亲、重组、隔代或其他',
    en: 'Choose the family: both parents, single parent, step-family, grandparents or other',
  },
  'v.family.livingWith': { 'zh-CN': '请选择与谁同住', en: 'Choose whom the student lives with' },
  'v.family.economy': {
    'zh-CN': '请选择家庭经济状况：良好、一般或困难',
    en: 'Choose the family’s means: good, average or difficult',
  },
  'v.family.leftBehind': { 'zh-CN': '请选择是否留守儿童', en: 'Say whether the student is left behind' },
  'v.family.guardian': { 'zh-CN': '监护人不超过 50 个字符', en: 'Guardian: up to 50 characters' },
  'v.family.notes': { 'zh-CN': '备注不超过 500 个字符', en: 'Notes: up to 500 characters' },
  'v.daily.title': { 'zh-CN': '标题为 1-50 个字符', en: 'Title: 1-50 characters' },
  'v.daily.content': { 'zh-CN': '内容为 1-2000 个字符', en: 'Content: 1-2000 characters' },
  'v.daily.category': { 'zh-CN': '类别不超过 20 个字符', en: 'Category: up to 20 characters' },
  'daily.studentNeeded': { 'zh-CN': '请选择学生', en: 'Choose a student' },
  'daily.noStudent': { 'zh-CN': '此类记录不关联学生', en: 'This kind of record is not about a student' },
  'daily.schoolNeeded': { 'zh-CN': '请选择学校', en: 'Choose a school' },
  'daily.notFound': { 'zh-CN': '记录不存在', en: 'No such record' },
  'archive.schoolOutside': {
    'zh-CN': '学校须在您管理的范围内',
    en: 'The school must lie within the organisations you manage',
  },
  'archive.staffOnly': {
    'zh-CN': '学生档案只对教职工开放',
    en: 'Student archives are open to staff only',
  },
  ...homeVisitsMessages,
  ...counsellingMessages,
} as const;
