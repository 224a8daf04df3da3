import { LANGS, translate } from '@meridian/contracts';
import { ApiError, describeError } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';

/** The sentence a form shows for a failed call, as the server worded it when it did (the spec's messages). */
export function errorText(error: unknown): string {
  const lang = currentLang();
  const reaction = describeError(error, lang);
  return reaction.kind === 'show' ? reaction.text : translate('session.10020', lang);
}

/** Whether a refusal is the catalogue's `key`, in whichever language the server worded it. */
export function isRefusal(error: unknown, key: string): boolean {
  return error instanceof ApiError && LANGS.some((lang) => error.message === translate(key, lang));
}
