/** The tables of the portal's files area, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the files work.
export interface FilesTables {}
