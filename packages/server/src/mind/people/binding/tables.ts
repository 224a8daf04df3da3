import type { Generated, Selectable } from 'kysely';

export type RosterKind = 'student' | 'teacher' | 'parent';
export type BindingAction = 'bind' | 'unbind' | 'transfer';

/** One change of which account a roster entry (student, teacher, parent) belongs to. */
export interface AccountBindingsLogTable {
  id: Generated<number>;
  at: number;
  action: BindingAction;
  kind: RosterKind;
  roster_id: number;
  /** The entry's school at the time: whose administrators see the line. */
  school_id: number;
  /** The account bound after the change (null after an unbind). */
  user_id: number | null;
  /** The account bound before the change (null for a first bind). */
  from_user_id: number | null;
  /** Who made the change: the account itself when a person claims their own entry. */
  by_user_id: number;
  ip: string | null;
  user_agent: string | null;
}
export type AccountBindingLogRow = Selectable<AccountBindingsLogTable>;

/** The roster binding log, added to `Database` in platform/db/schema.ts. */
export interface BindingTables {
  account_bindings_log: AccountBindingsLogTable;
}
