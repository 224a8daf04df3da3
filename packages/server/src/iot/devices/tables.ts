/** The tables of Device Cloud devices, tags and projects, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the area's tables land
export type DevicesTables = {};
