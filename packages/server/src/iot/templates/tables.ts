/** The tables of Device Cloud templates, slaves, data points and the device library, added to `Database` in platform/db/schema.ts. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the area's tables land
export type TemplatesTables = {};
