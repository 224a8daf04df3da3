import { Identity, teacherCreate } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { audit } from '../../../portal/audit/service.ts';
import { hashPassword } from '../../../portal/identity/secrets.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { readDefaultPassword } from '../../../portal/policy/service.ts';
import { TEACHER_COLUMNS, TEACHER_REQUIRED } from './columns.ts';
import {
  accountsTaken,
  insertIdentities,
  insertTeacherRows,
  insertUserRows,
  nodesOfSchool,
  phonesTaken,
  teacherNosTaken,
} from './repository.ts';
import { genderOf, ImportReport, readImport, yesNoOf } from './upload.ts';

const teacherOfRow = teacherCreate.omit({ schoolId: true, deptId: true });

interface GoodRow {
  row: number;
  teacher: z.infer<typeof teacherOfRow>;
  deptId: number | null;
}

/** `t<school>_<number>` like a teacher added by hand, with a suffix when taken; within the account rule's 20 characters. */
function generatedAccounts(schoolId: number, rows: GoodRow[], taken: Set<string>): Map<number, string> {
  const out = new Map<number, string>();
  for (const r of rows) {
    if (r.teacher.account) continue;
    const base = `t${schoolId}_${r.teacher.teacherNo}`.slice(0, 20);
    let candidate = base;
    for (let n = 1; taken.has(candidate.toLowerCase()) && n <= 99; n++) candidate = `${base.slice(0, 17)}_${n}`;
    taken.add(candidate.toLowerCase());
    out.set(r.row, candidate);
  }
  return out;
}

/**
 * Teacher import into one school: each teacher becomes an account (the policy's default password,
 * hashed once for the whole file, to be changed at first sign-in), the staff identity at the
 * school and the school's teacher record. Numbers, phones and accounts may repeat neither in the
 * file nor in the database; the department is named and must be one of the school's.
 */
export async function importTeachers(actor: Actor, request: FastifyRequest) {
  const { rows, school } = await readImport(actor, request, TEACHER_COLUMNS, TEACHER_REQUIRED);
  const report = new ImportReport(actor.lang);
  const depts = new Map(
    (await nodesOfSchool(actor.db, school.path)).filter((n) => n.type === 'department').map((d) => [d.name, d.id]),
  );
  const good: GoodRow[] = [];
  for (const { row, cells } of rows) {
    const psychology = yesNoOf(cells.isPsychology);
    if (psychology === null) report.add(row, 'isPsychology', 'peopleImport.yesNo');
    const deptId = cells.dept === undefined ? null : (depts.get(cells.dept) ?? undefined);
    if (deptId === undefined) report.add(row, 'dept', 'peopleImport.deptNotFound');
    const teacher = report.parse(row, teacherOfRow, {
      teacherNo: cells.teacherNo,
      name: cells.name,
      gender: genderOf(cells.gender),
      phone: cells.phone,
      subject: cells.subject,
      title: cells.title,
      account: cells.account,
      wechatOpenid: cells.wechatOpenid,
      ...(psychology === undefined || psychology === null ? {} : { isPsychology: psychology }),
    });
    if (teacher && deptId !== undefined && psychology !== null) good.push({ row, teacher, deptId });
  }
  report.repeats(
    rows,
    (r) => r.row,
    (r) => r.cells.teacherNo,
    'teacherNo',
  );
  report.repeats(
    rows,
    (r) => r.row,
    (r) => r.cells.phone,
    'phone',
  );
  report.repeats(
    rows,
    (r) => r.row,
    (r) => r.cells.account?.toLowerCase(),
    'account',
  );
  // One follower of the official account is one person: two rows cannot share an openid.
  report.repeats(
    rows,
    (r) => r.row,
    (r) => r.cells.wechatOpenid,
    'wechatOpenid',
  );
  const nos = new Set(
    await teacherNosTaken(
      actor.db,
      school.id,
      good.map((g) => g.teacher.teacherNo),
    ),
  );
  const phones = new Set(
    await phonesTaken(
      actor.db,
      good.flatMap((g) => (g.teacher.phone ? [g.teacher.phone] : [])),
    ),
  );
  const given = good.flatMap((g) => (g.teacher.account ? [g.teacher.account] : []));
  const generatedBases = good.map((g) => `t${school.id}_${g.teacher.teacherNo}`.slice(0, 20));
  const taken = new Set(await accountsTaken(actor.db, [...given, ...generatedBases]));
  for (const g of good) {
    if (nos.has(g.teacher.teacherNo)) report.add(g.row, 'teacherNo', 'peopleImport.teacherNoTaken');
    if (g.teacher.phone && phones.has(g.teacher.phone)) report.add(g.row, 'phone', 'peopleImport.phoneTaken');
    if (g.teacher.account && taken.has(g.teacher.account.toLowerCase())) {
      report.add(g.row, 'account', 'peopleImport.accountTaken');
    }
  }
  report.throwIfAny();

  for (const a of given) taken.add(a.toLowerCase());
  const generated = generatedAccounts(school.id, good, taken);
  const passwordHash = await hashPassword((await readDefaultPassword(actor.db)).password);
  const at = Date.now();
  return actor.db.transaction().execute(async (trx) => {
    const userIds = await insertUserRows(
      trx,
      good.map((g) => ({
        account: g.teacher.account ?? generated.get(g.row) ?? '',
        password_hash: passwordHash,
        nickname: g.teacher.name,
        phone: g.teacher.phone ?? null,
        status: 'enabled' as const,
        default_pass: true,
        password_changed_at: at,
        user_type: 'staff' as const,
        dept_id: g.deptId,
        created_at: at,
        updated_at: at,
      })),
    );
    await insertIdentities(
      trx,
      userIds.map((id) => ({ user_id: id, identity_id: Identity.staff, org_id: school.id })),
    );
    const ids = await insertTeacherRows(
      trx,
      good.map((g, i) => ({
        user_id: userIds[i] ?? 0,
        school_id: school.id,
        dept_id: g.deptId,
        teacher_no: g.teacher.teacherNo,
        name: g.teacher.name,
        gender: g.teacher.gender ?? null,
        phone: g.teacher.phone ?? null,
        subject: g.teacher.subject || null,
        title: g.teacher.title || null,
        is_psychology: g.teacher.isPsychology ?? false,
        wechat_openid: g.teacher.wechatOpenid ?? null,
        status: 'active' as const,
        created_at: at,
        updated_at: at,
      })),
    );
    await audit(trx, actor.request, {
      action: 'importTeachers',
      targetType: 'school',
      targetId: school.id,
      detail: { teachers: ids.length },
    });
    return { imported: ids.length };
  });
}
