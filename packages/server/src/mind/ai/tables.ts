import type { Generated } from 'kysely';

/** The tokens a school's AI calls used on one school day, counted against the daily budget (decision 0090). */
export interface AiUsageTable {
  id: Generated<number>;
  school_id: number;
  /** The school day in China time, YYYY-MM-DD. */
  day: string;
  tokens: number;
  calls: number;
  updated_at: number;
}

export interface AiTables {
  ai_usage: AiUsageTable;
}
