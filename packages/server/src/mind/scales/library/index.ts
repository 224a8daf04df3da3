import type { ScaleDefinition } from '@meridian/contracts';
import { gad7Adult, phq9Adult } from './adult.ts';
import { mhrsp } from './mhrsp.ts';
import { mht } from './mht.ts';
import { mssmhs } from './mssmhs.ts';
import { gad7, phq9 } from './phq.ts';
import { scl90 } from './scl90.ts';
import { k10, pss10, who5 } from './teacher.ts';
import { sas, sds } from './zung.ts';

/** The built-in scales, seeded on first start and kept in step with this code (see seed.ts). */
export const BUILT_IN_SCALES: readonly ScaleDefinition[] = [
  phq9,
  gad7,
  sds,
  sas,
  mht,
  scl90,
  mhrsp,
  mssmhs,
  // Teachers' scales (migration 0036).
  pss10,
  who5,
  k10,
  phq9Adult,
  gad7Adult,
];
