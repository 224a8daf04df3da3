import type { peopleExportQuery } from '@meridian/contracts';
import { hasPermission, type Lang, maskIdCard, translate } from '@meridian/contracts';
import type { z } from 'zod';
import { type Cell, streamWorkbook } from '../../../platform/excel/stream.ts';
import { scopeOf } from '../../../portal/access/scope.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { refuseFiltersOutsideScope } from '../students/access.ts';
import { childrenOf, parentPage } from '../students/parents-repository.ts';
import { orgsByIds, scopedStudentRows } from '../students/repository.ts';
import { studentScopeOf } from '../students/scope.ts';
import { teacherPage, toTeacher } from '../teachers/repository.ts';

type ExportQuery = z.infer<typeof peopleExportQuery>;

/** Rows read per page of an export: one page is all an export holds in memory. */
const PAGE = 500;

const HEADERS = {
  student: {
    'zh-CN': [
      '学校',
      '校区',
      '年级',
      '班级',
      '姓名',
      '学号',
      '性别',
      '出生日期',
      '身份证号',
      '手机号',
      '入学年份',
      '状态',
    ],
    en: [
      'School',
      'Campus',
      'Grade',
      'Class',
      'Name',
      'Student number',
      'Gender',
      'Birthday',
      'ID card number',
      'Phone',
      'Enrolment year',
      'Status',
    ],
  },
  teacher: {
    'zh-CN': [
      '学校',
      '工号',
      '姓名',
      '性别',
      '手机号',
      '部门',
      '任教科目',
      '职称',
      '心理老师',
      '状态',
      '账号',
      '微信 openid',
    ],
    en: [
      'School',
      'Teacher number',
      'Name',
      'Gender',
      'Phone',
      'Department',
      'Subject',
      'Title',
      'Psychology teacher',
      'Status',
      'Account',
      'WeChat openid',
    ],
  },
  parent: {
    'zh-CN': ['家长姓名', '家长手机号', '学生学号', '学生姓名', '与学生关系'],
    en: ['Parent name', 'Parent phone', 'Student number', 'Student name', 'Relation'],
  },
} satisfies Record<string, Record<Lang, string[]>>;

const genderText = (lang: Lang, gender: string | null) =>
  gender === null ? null : lang === 'en' ? gender : gender === 'male' ? '男' : '女';
const yesNo = (lang: Lang, value: boolean) => (lang === 'en' ? (value ? 'Yes' : 'No') : value ? '是' : '否');

/**
 * The students of the caller's scope (a class teacher's own classes only) as a streamed xlsx. ID
 * card numbers leave in full only for those who may edit students; the export itself is audited.
 */
export async function exportStudents(actor: Actor, query: ExportQuery): Promise<AsyncGenerator<Buffer>> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  await refuseFiltersOutsideScope(actor, scope, query);
  const fullIdCard = actor.auth.superAdmin || hasPermission(actor.auth.permissions, '/system/student', 'edit');
  await audit(actor.db, actor.request, { action: 'exportStudents', targetType: 'student', detail: { filter: query } });
  const lang = actor.lang;
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const page of scopedStudentRows(actor.db, scope, query, PAGE)) {
      const ids = [...new Set(page.flatMap((s) => [s.school_id, s.campus_id, s.grade_id, s.org_id]))];
      const names = new Map(
        (
          await orgsByIds(
            actor.db,
            ids.filter((id): id is number => id !== null),
          )
        ).map((o) => [o.id, o.name]),
      );
      const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
      for (const s of page) {
        yield [
          name(s.school_id),
          name(s.campus_id),
          name(s.grade_id),
          name(s.org_id),
          s.name,
          s.student_no,
          genderText(lang, s.gender),
          s.birthday,
          s.id_card === null || fullIdCard ? s.id_card : maskIdCard(s.id_card),
          s.phone,
          s.enrol_year,
          s.status,
        ];
      }
    }
  }
  return streamWorkbook(translate('peopleImport.sheet.student', lang), HEADERS.student[lang], rows());
}

/** The teachers of the caller's scope as a streamed xlsx, audited. */
export async function exportTeachers(actor: Actor, query: ExportQuery): Promise<AsyncGenerator<Buffer>> {
  const scope = await scopeOf(actor.db, actor.auth);
  await audit(actor.db, actor.request, { action: 'exportTeachers', targetType: 'teacher', detail: { filter: query } });
  const lang = actor.lang;
  const filters = query.schoolId === undefined ? {} : { schoolId: query.schoolId };
  async function* rows(): AsyncGenerator<Cell[]> {
    // Bounded: a page shorter than PAGE ends the export, and no scope holds a million teachers.
    for (let n = 1; n <= 10_000; n++) {
      const page = await teacherPage(actor.db, scope, filters, { page: n, size: PAGE });
      for (const t of page.list.map(toTeacher)) {
        yield [
          t.schoolName,
          t.teacherNo,
          t.name,
          genderText(lang, t.gender),
          t.phone,
          t.deptName,
          t.subject,
          t.title,
          yesNo(lang, t.isPsychology),
          t.status,
          t.account,
          t.wechatOpenid,
        ];
      }
      if (page.list.length < PAGE) return;
    }
  }
  return streamWorkbook(translate('peopleImport.sheet.teacher', lang), HEADERS.teacher[lang], rows());
}

/** The parents of the caller's scope, one line per child, as a streamed xlsx, audited. */
export async function exportParents(actor: Actor, query: ExportQuery): Promise<AsyncGenerator<Buffer>> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  await audit(actor.db, actor.request, { action: 'exportParents', targetType: 'parent', detail: { filter: query } });
  const lang = actor.lang;
  const filters = query.schoolId === undefined ? {} : { schoolId: query.schoolId };
  async function* rows(): AsyncGenerator<Cell[]> {
    for (let n = 1; n <= 10_000; n++) {
      const page = await parentPage(actor.db, scope, filters, { page: n, size: PAGE });
      const children = await childrenOf(
        actor.db,
        scope,
        page.list.map((p) => p.id),
      );
      for (const p of page.list) {
        const own = children.filter((c) => c.parent_id === p.id);
        if (own.length === 0) yield [p.name, p.phone, null, null, null];
        for (const c of own) yield [p.name, p.phone, c.student_no, c.name, c.relation];
      }
      if (page.list.length < PAGE) return;
    }
  }
  return streamWorkbook(translate('peopleImport.sheet.parent', lang), HEADERS.parent[lang], rows());
}
