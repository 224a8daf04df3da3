/** The tables of Mind warning levels, workflow history, interventions and reminders, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the feature's first migration
export interface InterventionsTables {}
