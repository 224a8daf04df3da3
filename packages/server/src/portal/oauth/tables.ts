/** The tables of the portal's oauth area, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the oauth work.
export interface OauthTables {}
