import type { Generated, Selectable } from 'kysely';

/** A neutral member's brand, shown to requests on its custom domain (decision 0116). */
export interface BrandsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** Stored files' paths: the logo was checked at upload for its content and its 106x60 size. */
  logo: string;
  favicon: string | null;
  background: string | null;
  primary_color: string;
  icp: string;
  /** Lower case, unique across brands. */
  domain: string;
  created_at: number;
  updated_at: number;
}
export type BrandRow = Selectable<BrandsTable>;

export interface BrandsTables {
  brands: BrandsTable;
}
