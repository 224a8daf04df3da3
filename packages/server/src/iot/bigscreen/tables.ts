/** The large-screen monitor's settings of one signed-in account (decision 0121). */
export interface BigscreenSettingsTable {
  user_id: number;
  title: string;
  /** An uploaded jpg or png's path; null: the product's logo. */
  logo: string | null;
  refresh_seconds: number;
  updated_at: number;
}

export interface BigscreenTables {
  bigscreen_settings: BigscreenSettingsTable;
}
