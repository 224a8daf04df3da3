import { type Lang, translate } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { setPassword } from '../../../portal/accounts/lifecycle-repository.ts';
import { findUserByPhone, insertUser } from '../../../portal/accounts/repository.ts';
import { hashPassword } from '../../../portal/identity/secrets.ts';
import { revokeUserSessions } from '../../../portal/sessions/repository.ts';
import type { FontFile } from '../../downloads/pdf.ts';
import type { Progress } from '../../downloads/progress.ts';
import { freeAccount } from '../binding/admin.ts';
import { attach } from '../binding/moves.ts';
import { insertLog } from '../binding/repository.ts';
import { parentsOf } from '../students/parents-repository.ts';
import { initialPassword } from './passwords.ts';
import { accountNames, studentsByIds } from './repository.ts';
import { type Slip, slipsPdf, slipsWorkbook } from './slips-pdf.ts';

/** What the request fixed: the students it could see then, and who asked from where. */
export interface SlipsParams {
  mode: 'batch' | 'reset';
  studentIds: number[];
  parents: boolean;
  h5Url: string;
  byUserId: number;
  ip: string;
  userAgent: string | null;
}

type Student = Awaited<ReturnType<typeof studentsByIds>>[number];
type Parent = Awaited<ReturnType<typeof parentsOf>>[number];
interface Planned {
  password: string;
  hash: string;
}

export interface SlipFiles {
  pdf: Buffer;
  xlsx: Buffer;
}

/**
 * Makes the accounts and writes their slips. Passwords are drawn and hashed first (the slow part,
 * reported as progress; a cancellation here leaves nothing behind); then one transaction creates
 * the accounts and renders both files, so that no account is made whose password was not written.
 * The passwords live only in the files: the task's parameters and the logs never hold them.
 */
export async function accountSlips(
  db: Kysely<Database>,
  params: SlipsParams,
  lang: Lang,
  fonts: readonly FontFile[],
  progress: Progress,
  title: string,
): Promise<SlipFiles> {
  const byId = new Map((await studentsByIds(db, params.studentIds)).map((s) => [s.id, s]));
  const students = params.studentIds.flatMap((id) => byId.get(id) ?? []);
  const parents = params.parents
    ? await parentsOf(
        db,
        students.map((s) => s.id),
      )
    : [];
  const reset = params.mode === 'reset';
  const needs = [
    ...students.filter((s) => reset || s.user_id === null).map((s) => `s${s.id}`),
    ...new Set(parents.filter((p) => p.user_id === null).map((p) => `p${p.parent_id}`)),
  ];
  await progress.setTotal(needs.length);
  const planned = new Map<string, Planned>();
  for (const key of needs) {
    const password = initialPassword();
    planned.set(key, { password, hash: await hashPassword(password) });
    await progress.advance(planned.size);
  }
  return db.transaction().execute(async (trx) => {
    const made = new Map<string, { account: string; password: string }>();
    const fresh = new Map((await studentsByIds(trx, params.studentIds)).map((s) => [s.id, s]));
    for (const student of students) {
      const plan = planned.get(`s${student.id}`);
      const now = fresh.get(student.id);
      if (!plan || !now) continue;
      if (reset && now.user_id !== null) {
        // As the portal's reset: the new initial password, and every open session ends (10026).
        const at = Date.now();
        await setPassword(trx, now.user_id, plan.hash, true, at);
        await revokeUserSessions(trx, now.user_id, 'password changed', at);
        const [row] = await accountNames(trx, [now.user_id]);
        made.set(`s${student.id}`, { account: row?.account ?? '', password: plan.password });
      } else if (!reset && now.user_id === null) {
        const account = await freeAccount(trx, `s${student.school_id}_${student.student_no}`);
        const id = await newUser(trx, account, student.name, null, plan.hash);
        await attach(trx, 'student', { id: student.id, org_id: student.org_id, school_id: student.school_id }, id);
        await log(trx, params, 'student', student.id, student.school_id, id);
        made.set(`s${student.id}`, { account, password: plan.password });
      }
    }
    for (const parent of parents) {
      const key = `p${parent.parent_id}`;
      const plan = planned.get(key);
      if (!plan || made.has(key)) continue;
      const school = byId.get(parent.student_id)?.school_id ?? 0;
      const account = await freeAccount(trx, parent.phone);
      const phone = (await findUserByPhone(trx, parent.phone)) ? null : parent.phone;
      const id = await newUser(trx, account, parent.name, phone, plan.hash);
      await attach(trx, 'parent', { id: parent.parent_id, school_id: school }, id);
      await log(trx, params, 'parent', parent.parent_id, school, id);
      made.set(key, { account, password: plan.password });
    }
    const { slips, skipped } = await slipsOf(trx, students, fresh, parents, made, lang);
    const pdf = await slipsPdf(title, slips, skipped, params.h5Url, lang, fonts);
    return { pdf, xlsx: slipsWorkbook(slips, skipped, lang) };
  });
}

function newUser(trx: Transaction<Database>, account: string, name: string, phone: string | null, hash: string) {
  return insertUser(trx, {
    account,
    password_hash: hash,
    nickname: name,
    phone,
    status: 'enabled',
    default_pass: true,
    password_changed_at: Date.now(),
    user_type: 'staff',
  });
}

function log(
  trx: Transaction<Database>,
  p: SlipsParams,
  kind: 'student' | 'parent',
  rosterId: number,
  schoolId: number,
  userId: number,
) {
  return insertLog(trx, {
    at: Date.now(),
    action: 'bind',
    kind,
    roster_id: rosterId,
    school_id: schoolId,
    user_id: userId,
    from_user_id: null,
    by_user_id: p.byUserId,
    ip: p.ip,
    user_agent: p.userAgent,
  });
}

/** One slip per student with a new account or a parent with one; the students skipped entirely. */
async function slipsOf(
  trx: Transaction<Database>,
  students: readonly Student[],
  fresh: Map<number, Student>,
  parents: readonly Parent[],
  made: Map<string, { account: string; password: string }>,
  lang: Lang,
) {
  const userIds = [...students.map((s) => fresh.get(s.id)?.user_id), ...parents.map((p) => p.user_id)];
  const accounts = new Map(
    (
      await accountNames(
        trx,
        userIds.filter((id): id is number => id != null),
      )
    ).map((u) => [u.id, u.account]),
  );
  const slips: Slip[] = [];
  const skipped: { name: string; className: string }[] = [];
  for (const s of students) {
    const own = made.get(`s${s.id}`);
    const theirs = parents
      .filter((p) => p.student_id === s.id)
      .map((p) => {
        const m = made.get(`p${p.parent_id}`);
        const relation = translate(`slips.relation.${p.relation}`, lang);
        return {
          name: p.name,
          relation,
          account: m?.account ?? accounts.get(p.user_id ?? 0) ?? '',
          password: m?.password ?? null,
        };
      });
    if (!own && theirs.every((p) => p.password === null)) {
      skipped.push({ name: s.name, className: s.class_name });
      continue;
    }
    const account = own?.account ?? accounts.get(fresh.get(s.id)?.user_id ?? 0) ?? '';
    slips.push({
      student: {
        name: s.name,
        className: s.class_name,
        studentNo: s.student_no,
        account,
        password: own?.password ?? null,
      },
      parents: theirs,
    });
  }
  return { slips, skipped };
}
