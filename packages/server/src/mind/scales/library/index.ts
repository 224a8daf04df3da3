import type { ScaleDefinition } from '@meridian/contracts';
import { mhrsp } from './mhrsp.ts';
import { mht } from './mht.ts';
import { mssmhs } from './mssmhs.ts';
import { gad7, phq9 } from './phq.ts';
import { scl90 } from './scl90.ts';
import { sas, sds } from './zung.ts';

/** The built-in scales, seeded on first start and kept in step with this code (see seed.ts). */
export const BUILT_IN_SCALES: readonly ScaleDefinition[] = [phq9, gad7, sds, sas, mht, scl90, mhrsp, mssmhs];
