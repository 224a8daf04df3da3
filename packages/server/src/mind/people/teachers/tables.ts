import type { ColumnType, Generated, Selectable } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

export type TeacherStatus = 'active' | 'dimission' | 'retired';

/** A teacher is always an account (`users`, identity 1 at their school); this row holds the school's record of them. */
export interface TeachersTable {
  id: Generated<number>;
  user_id: number;
  school_id: number;
  /** An organisation of type department in the school. */
  dept_id: number | null;
  /** Unique within the school. */
  teacher_no: string;
  name: string;
  gender: 'male' | 'female' | null;
  phone: string | null;
  /** The openid of the school's WeChat official account, set by the administrator: campus alerts by WeChat go to it (decision 0150). */
  wechat_openid: string | null;
  subject: string | null;
  /** Job title (职称 or post). */
  title: string | null;
  is_psychology: Bool;
  status: TeacherStatus;
  created_at: number;
  updated_at: number;
}
export type TeacherRow = Selectable<TeachersTable>;

/** Who teaches a class: its head teacher (班主任, who also holds role 4 there) and its subject teachers. */
export interface ClassTeachersTable {
  id: Generated<number>;
  class_id: number;
  teacher_id: number;
  kind: 'head' | 'subject';
  subject: string | null;
  school_year_id: number | null;
  created_at: number;
}

/** A named set of accounts kept by a school or a bureau (for notices, tasks and pushes). */
export interface UserGroupsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  description: string | null;
  created_at: number;
  updated_at: number;
}

export interface UserGroupMembersTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  created_at: number;
}

export type TeacherChangeKind = 'dimission' | 'retire' | 'rehire' | 'transfer';
export type TeacherChangeStatus = 'pending' | 'approved' | 'rejected';

/** A reshuffle request (dimission, retirement, rehire, transfer), decided by someone other than its requester. */
export interface TeacherChangesTable {
  id: Generated<number>;
  teacher_id: number;
  /** The teacher's school when the request was made: the scope the request is seen in. */
  school_id: number;
  kind: TeacherChangeKind;
  /** The school a transfer moves the teacher to. */
  to_school_id: number | null;
  reason: string | null;
  /** `YYYY-MM-DD`, a calendar date rather than an instant. */
  effective_date: string;
  status: TeacherChangeStatus;
  requested_by: number;
  requested_at: number;
  decided_by: number | null;
  decided_at: number | null;
  remark: string | null;
}

/** The tables of teachers, class teachers, groups and teacher reshuffle, added to `Database` in platform/db/schema.ts. */
/** A "Bind WeChat" code a staff member asked for: the scene of a temporary QR code (decision 0156). */
export interface StaffWechatTicketsTable {
  id: Generated<number>;
  user_id: number;
  /** The QR code's scene string: random, unguessable, used once. */
  scene: string;
  expires_at: number;
  used_at: number | null;
  /** The openid that scanned it, once used. */
  openid: string | null;
  created_at: number;
}

export interface TeachersTables {
  teachers: TeachersTable;
  staff_wechat_tickets: StaffWechatTicketsTable;
  class_teachers: ClassTeachersTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  teacher_changes: TeacherChangesTable;
}
