import type { Generated } from 'kysely';

/**
 * The large screens' summary tables (decision 0072): counts kept in the transaction that stores a
 * result, publishes a task or moves a warning, so that a screen adds up a few rows instead of
 * scanning results. Nullable places are stored as 0 and a missing band as '', so that each row's
 * key is a plain unique index both engines can upsert on. `day` is the China-time calendar day
 * (days since 1970-01-01 at UTC+8) of the result or of the warning's opening.
 */
export interface ScreenResultsTable {
  school_id: number;
  grade_id: number;
  class_id: number;
  task_id: number;
  scale_id: number;
  band: string;
  day: number;
  results: number;
  /** Results that raised a warning. */
  warned: number;
}

/** Sheets of student tasks assigned at publish and answered at least once, per place. */
export interface ScreenSheetsTable {
  task_id: number;
  school_id: number;
  grade_id: number;
  class_id: number;
  /** The task's start, to place it in a period without a join. */
  starts_at: number;
  assigned: number;
  done: number;
}

/** Warnings by place, level and state; `handled_ms` sums opening-to-solving over the solved ones. */
export interface ScreenWarningsTable {
  school_id: number;
  class_id: number;
  level: string;
  state: string;
  day: number;
  warnings: number;
  handled_ms: number;
}

/**
 * All-time totals by school and grade (decision 0142), kept beside the per-class, per-day tables in
 * the same writes: what a district wall without a period reads. A warning's grade is its class's parent.
 */
export interface ScreenResultTotalsTable {
  school_id: number;
  grade_id: number;
  task_id: number;
  scale_id: number;
  band: string;
  results: number;
  warned: number;
}

export interface ScreenSheetTotalsTable {
  school_id: number;
  grade_id: number;
  task_id: number;
  starts_at: number;
  assigned: number;
  done: number;
}

export interface ScreenWarningTotalsTable {
  school_id: number;
  grade_id: number;
  level: string;
  state: string;
  warnings: number;
  handled_ms: number;
}

/** Results stored and warnings opened per school and China-time day: the trends' figures (decision 0142). */
export interface ScreenDailyTable {
  school_id: number;
  day: number;
  results: number;
  warnings: number;
}

/** A signed link a school publishes its screen through (decision 0091); the token itself is never kept. */
export interface ScreenLinksTable {
  id: Generated<number>;
  school_id: number;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  note: string;
  expires_at: number | null;
  revoked_at: number | null;
  created_by: number;
  created_at: number;
}

/** A school's home screen and report template, as its bureau chose them (decision 0132). */
export interface TemplateChoicesTable {
  id: Generated<number>;
  school_id: number;
  screen: string;
  report: string;
  chosen_by: number;
  updated_at: number;
}

export interface ScreensTables {
  template_choices: TemplateChoicesTable;
  screen_links: ScreenLinksTable;
  screen_results: ScreenResultsTable;
  screen_sheets: ScreenSheetsTable;
  screen_warnings: ScreenWarningsTable;
  screen_result_totals: ScreenResultTotalsTable;
  screen_sheet_totals: ScreenSheetTotalsTable;
  screen_warning_totals: ScreenWarningTotalsTable;
  screen_daily: ScreenDailyTable;
}
