/** The tables of the portal's orgs area, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the orgs work.
export interface OrgsTables {}
