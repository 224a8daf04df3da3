/** The tables of teachers, class teachers, groups and teacher reshuffle, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the area's tables land
export type TeachersTables = {};
