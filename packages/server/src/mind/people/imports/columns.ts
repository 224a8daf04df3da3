import { type Lang, type PeopleImportKind, translate } from '@meridian/contracts';
import { type SheetColumn, writeWorkbook } from '../../../platform/excel/sheet.ts';

const col = <F extends string>(field: F, zh: string, en: string): SheetColumn<F> => ({
  field,
  title: { 'zh-CN': zh, en },
});

export type StudentField =
  | 'campus'
  | 'grade'
  | 'class'
  | 'name'
  | 'studentNo'
  | 'gender'
  | 'birthday'
  | 'idCard'
  | 'phone'
  | 'enrolYear'
  | 'parentName'
  | 'parentPhone'
  | 'relation';

/** The student template; the parent columns are optional and register one parent per student row. */
export const STUDENT_COLUMNS: readonly SheetColumn<StudentField>[] = [
  col('campus', '校区', 'Campus'),
  col('grade', '年级', 'Grade'),
  col('class', '班级', 'Class'),
  col('name', '姓名', 'Name'),
  col('studentNo', '学号', 'Student number'),
  col('gender', '性别', 'Gender'),
  col('birthday', '出生日期', 'Birthday'),
  col('idCard', '身份证号', 'ID card number'),
  col('phone', '手机号', 'Phone'),
  col('enrolYear', '入学年份', 'Enrolment year'),
  col('parentName', '家长姓名', 'Parent name'),
  col('parentPhone', '家长手机号', 'Parent phone'),
  col('relation', '与学生关系', 'Relation'),
];
export const STUDENT_REQUIRED: readonly StudentField[] = ['grade', 'class', 'name', 'studentNo', 'gender'];

export type TeacherField =
  | 'teacherNo'
  | 'name'
  | 'gender'
  | 'phone'
  | 'dept'
  | 'subject'
  | 'title'
  | 'isPsychology'
  | 'account'
  | 'wechatOpenid';

export const TEACHER_COLUMNS: readonly SheetColumn<TeacherField>[] = [
  col('teacherNo', '工号', 'Teacher number'),
  col('name', '姓名', 'Name'),
  col('gender', '性别', 'Gender'),
  col('phone', '手机号', 'Phone'),
  col('dept', '部门', 'Department'),
  col('subject', '任教科目', 'Subject'),
  col('title', '职称', 'Title'),
  col('isPsychology', '心理老师', 'Psychology teacher'),
  col('account', '账号', 'Account'),
  // Optional: the openid under the school's WeChat official account, for campus alerts (decisions 0150, 0156).
  col('wechatOpenid', '微信 openid', 'WeChat openid'),
];
export const TEACHER_REQUIRED: readonly TeacherField[] = ['teacherNo', 'name'];

export type ParentField = 'studentNo' | 'studentName' | 'name' | 'phone' | 'relation';

export const PARENT_COLUMNS: readonly SheetColumn<ParentField>[] = [
  col('studentNo', '学生学号', 'Student number'),
  col('studentName', '学生姓名', 'Student name'),
  col('name', '家长姓名', 'Parent name'),
  col('phone', '家长手机号', 'Parent phone'),
  col('relation', '与学生关系', 'Relation'),
];
export const PARENT_REQUIRED: readonly ParentField[] = ['studentNo', 'name', 'phone', 'relation'];

export type OrgField = 'campus' | 'grade' | 'class';

export const ORG_COLUMNS: readonly SheetColumn<OrgField>[] = [
  col('campus', '校区', 'Campus'),
  col('grade', '年级', 'Grade'),
  col('class', '班级', 'Class'),
];
export const ORG_REQUIRED: readonly OrgField[] = ['grade', 'class'];

const EXAMPLES: Record<PeopleImportKind, Record<Lang, Record<string, string | number>>> = {
  student: {
    'zh-CN': {
      campus: '东校区',
      grade: '七年级',
      class: '七年级1班',
      name: '张三',
      studentNo: 'S20250001',
      gender: '男',
      birthday: '2013-09-01',
      idCard: '',
      phone: '',
      enrolYear: 2025,
      parentName: '张伟',
      parentPhone: '13800000000',
      relation: '父亲',
    },
    en: {
      campus: 'East Campus',
      grade: 'Grade 7',
      class: 'Class 7-1',
      name: 'Zhang San',
      studentNo: 'S20250001',
      gender: 'male',
      birthday: '2013-09-01',
      idCard: '',
      phone: '',
      enrolYear: 2025,
      parentName: 'Zhang Wei',
      parentPhone: '13800000000',
      relation: 'father',
    },
  },
  teacher: {
    'zh-CN': {
      teacherNo: 'T001',
      name: '李老师',
      gender: '女',
      phone: '13900000000',
      dept: '',
      subject: '语文',
      title: '一级教师',
      isPsychology: '否',
      account: '',
      wechatOpenid: '',
    },
    en: {
      teacherNo: 'T001',
      name: 'Li Na',
      gender: 'female',
      phone: '13900000000',
      dept: '',
      subject: 'Chinese',
      title: 'Senior teacher',
      isPsychology: 'No',
      account: '',
      wechatOpenid: '',
    },
  },
  parent: {
    'zh-CN': { studentNo: 'S20250001', studentName: '张三', name: '王芳', phone: '13700000000', relation: '母亲' },
    en: {
      studentNo: 'S20250001',
      studentName: 'Zhang San',
      name: 'Wang Fang',
      phone: '13700000000',
      relation: 'mother',
    },
  },
  org: {
    'zh-CN': { campus: '东校区', grade: '七年级', class: '七年级1班' },
    en: { campus: 'East Campus', grade: 'Grade 7', class: 'Class 7-1' },
  },
};

const COLUMNS: Record<PeopleImportKind, { columns: readonly SheetColumn[]; required: readonly string[] }> = {
  student: { columns: STUDENT_COLUMNS, required: STUDENT_REQUIRED },
  teacher: { columns: TEACHER_COLUMNS, required: TEACHER_REQUIRED },
  parent: { columns: PARENT_COLUMNS, required: PARENT_REQUIRED },
  org: { columns: ORG_COLUMNS, required: ORG_REQUIRED },
};

/** A template: the header in the caller's language (`*` marks the required columns) and one example row. */
export function importTemplate(kind: PeopleImportKind, lang: Lang): Buffer {
  const { columns, required } = COLUMNS[kind];
  const example = EXAMPLES[kind][lang];
  return writeWorkbook([
    {
      name: translate(`peopleImport.sheet.${kind}`, lang),
      rows: [
        columns.map((c) => (required.includes(c.field) ? `*${c.title[lang]}` : c.title[lang])),
        columns.map((c) => example[c.field] ?? ''),
      ],
      widths: columns.map((c) => Math.max(12, c.title.en.length + 4)),
    },
  ]);
}
