import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Whitelist faces and the trajectory query (decision 0101): each school's switch (off unless a
 * row says on, with who and when), the face photos sealed at rest with their consent, legal basis
 * and retention end, and the sightings campus cameras report. Bureau and school administrators
 * (1, 2) hold every path already; nobody else is granted one.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('face_switches'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().unique().references('orgs.id'))
    .addColumn('enabled', types.bool, (c) => c.notNull())
    .addColumn('changed_by', 'bigint', (c) => c.notNull())
    .addColumn('changed_at', types.time, (c) => c.notNull())
    .execute();
  await withId(s.createTable('face_photos'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    // The image, base64, sealed with the secrets box under this row's place.
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('consent_by', 'text', (c) => c.notNull())
    .addColumn('consent_name', 'text', (c) => c.notNull())
    .addColumn('consent_date', types.time, (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('retain_until', types.time, (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('face_photos_school').on('face_photos').columns(['school_id', 'id']).execute();
  await s.createIndex('face_photos_retain').on('face_photos').columns(['retain_until']).execute();
  await withId(s.createTable('face_sightings'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('campus_devices.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('sighting_key', 'text', (c) => c.notNull())
    .addColumn('seen_at', types.time, (c) => c.notNull())
    .addColumn('score', 'double precision')
    .addColumn('received_at', types.time, (c) => c.notNull())
    .execute();
  // A retry of the same report stores nothing twice.
  await s
    .createIndex('face_sightings_once')
    .on('face_sightings')
    .columns(['device_id', 'sighting_key'])
    .unique()
    .execute();
  await s.createIndex('face_sightings_student').on('face_sightings').columns(['student_id', 'seen_at']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('face_sightings').execute();
  await db.schema.dropTable('face_photos').execute();
  await db.schema.dropTable('face_switches').execute();
}
