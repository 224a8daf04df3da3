import type { ColumnType, Generated } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean, boolean>;

/** A school's switch of faces and trajectories (decision 0101); no row means off. */
export interface FaceSwitchesTable {
  id: Generated<number>;
  school_id: number;
  enabled: Bool;
  changed_by: number;
  changed_at: number;
}

/** A whitelisted face: the photo sealed at rest, with its consent, legal basis and retention end. */
export interface FacePhotosTable {
  id: Generated<number>;
  student_id: number;
  school_id: number;
  sealed: string;
  kind: string;
  consent_by: 'guardian';
  consent_name: string;
  consent_date: number;
  basis: string;
  retain_until: number;
  created_by: number;
  created_at: number;
}

/** A camera saw a whitelisted student: one row per device and report id. */
export interface FaceSightingsTable {
  id: Generated<number>;
  device_id: number;
  school_id: number;
  student_id: number;
  sighting_key: string;
  seen_at: number;
  score: number | null;
  received_at: number;
}

export interface FacesTables {
  face_switches: FaceSwitchesTable;
  face_photos: FacePhotosTable;
  face_sightings: FaceSightingsTable;
}
