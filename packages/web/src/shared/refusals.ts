import { LANGS, translate } from '@meridian/contracts';
import { ApiError } from './errors.ts';

// Apart from errors.ts, which every first screen loads: any feature's key may be asked for here,
// so this reads the whole catalogue.

/** Whether a refusal is the catalogue's `key`, in whichever language the server worded it. */
export function isRefusal(error: unknown, key: string): boolean {
  return error instanceof ApiError && LANGS.some((lang) => error.message === translate(key, lang));
}
