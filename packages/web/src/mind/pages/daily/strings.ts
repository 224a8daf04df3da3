import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import '../people/strings.ts';

/**
 * The strings of the six daily-work pages (decision 0034): one list and one form, worded per page.
 * `title` / `category` / `content` name the form's fields on that page; `categories` are the
 * suggested categories, separated by `|` (any other up to 20 characters may be typed).
 */
const zhCN = {
  daily: {
    kinds: {
      dailyDynamic: { add: '发布动态', title: '标题', category: '栏目', content: '内容', empty: '还没有工作动态' },
      dailyObservationOfTeachers: {
        add: '新增观察记录',
        title: '观察要点',
        category: '观察类别',
        content: '观察内容',
        empty: '还没有教师观察记录',
      },
      observationSchool: {
        add: '新增学校观察',
        title: '观察主题',
        category: '观察维度',
        content: '观察结论',
        empty: '还没有学校观察记录',
      },
      setback: {
        add: '登记挫折事件',
        title: '事件',
        category: '事件类型',
        content: '经过与影响',
        empty: '还没有挫折事件',
      },
      describeManage: {
        add: '新增学生描述',
        title: '描述要点',
        category: '方面',
        content: '描述',
        empty: '还没有学生描述',
      },
      mentalTeacherManage: {
        add: '登记心理教师',
        title: '姓名与资质',
        category: '岗位',
        content: '说明（工作经历、培训等）',
        empty: '还没有登记心理教师',
      },
    },
    categories: {
      setback: '家庭|学业|人际|健康|其他',
      dailyObservationOfTeachers: '情绪|行为|学业|人际|其他',
      describeManage: '性格|学习|人际|兴趣|其他',
      mentalTeacherManage: '专职|兼职',
    },
    date: '日期',
    from: '开始日期',
    to: '结束日期',
    school: '学校',
    student: '学生',
    author: '记录人',
    edit: '编辑',
    delete: '删除',
    confirmDelete: '删除这条记录？',
    deleted: '记录已删除',
    saved: '记录已保存',
    save: '保存',
    cancel: '取消',
    dateRequired: '请选择日期',
    schoolRequired: '请选择学校',
    studentRequired: '请选择学生',
    titleRequired: '请填写（50 字以内）',
    contentRequired: '请填写（2000 字以内）',
    categoryMax: '不超过 20 个字',
  },
};

type DailyStrings = typeof zhCN;

const en: DailyStrings = {
  daily: {
    kinds: {
      dailyDynamic: {
        add: 'Post news',
        title: 'Title',
        category: 'Column',
        content: 'Content',
        empty: 'No work news yet',
      },
      dailyObservationOfTeachers: {
        add: 'Add an observation',
        title: 'Key point',
        category: 'Kind',
        content: 'What was observed',
        empty: "No teachers' observations yet",
      },
      observationSchool: {
        add: 'Add a school observation',
        title: 'Subject',
        category: 'Aspect',
        content: 'Findings',
        empty: 'No school observations yet',
      },
      setback: {
        add: 'Record a setback',
        title: 'Event',
        category: 'Kind',
        content: 'What happened and its effect',
        empty: 'No setbacks recorded',
      },
      describeManage: {
        add: 'Add a description',
        title: 'Key point',
        category: 'Aspect',
        content: 'Description',
        empty: 'No descriptions yet',
      },
      mentalTeacherManage: {
        add: 'Register a psychology teacher',
        title: 'Name and qualification',
        category: 'Post',
        content: 'Notes (experience, training)',
        empty: 'No psychology teachers registered',
      },
    },
    categories: {
      setback: 'Family|Study|Relationships|Health|Other',
      dailyObservationOfTeachers: 'Mood|Behaviour|Study|Relationships|Other',
      describeManage: 'Character|Study|Relationships|Interests|Other',
      mentalTeacherManage: 'Full-time|Part-time',
    },
    date: 'Date',
    from: 'From',
    to: 'To',
    school: 'School',
    student: 'Student',
    author: 'By',
    edit: 'Edit',
    delete: 'Delete',
    confirmDelete: 'Delete this record?',
    deleted: 'Record deleted',
    saved: 'Record saved',
    save: 'Save',
    cancel: 'Cancel',
    dateRequired: 'Choose the date',
    schoolRequired: 'Choose the school',
    studentRequired: 'Choose the student',
    titleRequired: 'Fill this in (up to 50 characters)',
    contentRequired: 'Fill this in (up to 2000 characters)',
    categoryMax: 'Up to 20 characters',
  },
};

const strings: Record<Lang, DailyStrings> = { 'zh-CN': zhCN, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);

export { en as dailyEn, zhCN as dailyZh };
