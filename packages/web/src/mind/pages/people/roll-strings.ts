import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
import './strings.ts';

/** The strings of the student roll (xs), decision 0109. */
const zhCN = {
  roll: {
    school: '学校',
    allSchools: '全部学校',
    grade: '年级',
    klass: '班级',
    students: '学生人数',
    total: '共 {{classes}} 个班级，{{students}} 名在籍学生',
    empty: '你的数据范围内还没有班级',
    classEmpty: '这个班级还没有学生',
    name: '姓名',
    studentNo: '学号',
    status: '状态',
    archive: '档案',
    hint: '展开一个班级查看其学生，点击姓名打开学生档案',
    noAccess: '你当前的角色不能查看学生名册，如有需要请联系管理员。',
  },
};
type RollStrings = typeof zhCN;

const en: RollStrings = {
  roll: {
    school: 'School',
    allSchools: 'All schools',
    grade: 'Grade',
    klass: 'Class',
    students: 'Students',
    total: '{{classes}} classes, {{students}} students on the roll',
    empty: 'No class in your data scope yet',
    classEmpty: 'This class has no student yet',
    name: 'Name',
    studentNo: 'Student no.',
    status: 'Status',
    archive: 'Archive',
    hint: 'Expand a class to see its students; click a name to open the student’s archive',
    noAccess: 'Your current role may not see the student roll; ask your administrator if you need it.',
  },
};

const strings: Record<Lang, RollStrings> = { 'zh-CN': zhCN, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
