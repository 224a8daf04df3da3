import type { Generated, Selectable } from 'kysely';

/** A custom protocol defined by frames (decision 0140), belonging to one account. */
export interface CustomProtocolsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** The CustomProtocolDefinition as JSON. */
  definition: string;
  created_at: number;
  updated_at: number;
}
export type CustomProtocolRow = Selectable<CustomProtocolsTable>;

export interface CustomProtocolTables {
  custom_protocols: CustomProtocolsTable;
}
