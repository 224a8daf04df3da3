/** The tables of the Mind student archive, home visits and counselling, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the feature's first migration
export interface ArchiveTables {}
