/** The tables of students, parents and school years, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the area's tables land
export type StudentsTables = {};
