/** The tables of Device Cloud triggers and alarms, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the feature's first migration
export interface AlarmsTables {}
