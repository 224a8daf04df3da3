import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string, string>;

/** A sign-form template: the three defaults (no school) and each school's own. */
export interface SignTemplatesTable {
  id: Generated<number>;
  school_id: number | null;
  title: string;
  body: string;
  fields: Json;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** Raised by each edit; a form keeps the version (and the words) it was sent with. */
  version: ColumnType<number, number | undefined, number>;
}

/** A form sent for a student to one parent; the template's words are copied so a later edit never changes what was signed. */
export interface SignFormsTable {
  id: Generated<number>;
  number: string;
  template_id: number;
  template_version: ColumnType<number, number | undefined, number>;
  /** The batch the form was sent in, or null for a form sent on its own. */
  batch_id: number | null;
  school_id: number;
  student_id: number;
  recipient_kind: 'parent' | 'teacher';
  /** The parent's or the teacher's roster id, and the name the form was sent to. */
  recipient_id: number;
  recipient_name: string;
  recipient_user_id: number;
  title: string;
  body: string;
  fields: Json;
  state: 'sent' | 'signed' | 'withdrawn';
  values: Json | null;
  /** The signature PNG and the signed PDF, by their file-service paths. */
  signature_path: string | null;
  pdf_path: string | null;
  pdf_sha256: string | null;
  sent_by: number;
  sent_at: number;
  signed_at: number | null;
  withdrawn_at: number | null;
}

/** One template sent at once to the parents of a class or of chosen students (decision 0130). */
export interface SignBatchesTable {
  id: Generated<number>;
  school_id: number;
  template_id: number;
  template_version: number;
  title: string;
  class_id: number | null;
  /** Unsigned forms are reminded this many days after sending (and after each reminder); null: never by itself. */
  remind_after_days: number | null;
  sent_by: number;
  sent_at: number;
}

/** A reminder shown to the signer of an unsigned form: at most one per form and UTC day. */
export interface SignRemindersTable {
  id: Generated<number>;
  form_id: number;
  user_id: number;
  day: string;
  kind: 'manual' | 'auto';
  created_at: number;
}

export interface SigningTables {
  sign_templates: SignTemplatesTable;
  sign_forms: SignFormsTable;
  sign_batches: SignBatchesTable;
  sign_reminders: SignRemindersTable;
}
