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
}

/** A form sent for a student to one parent; the template's words are copied so a later edit never changes what was signed. */
export interface SignFormsTable {
  id: Generated<number>;
  number: string;
  template_id: number;
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

export interface SigningTables {
  sign_templates: SignTemplatesTable;
  sign_forms: SignFormsTable;
}
