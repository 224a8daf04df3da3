import { isMessageKey, type Lang, OAUTH_ERROR_PARAM, translate } from '@meridian/contracts';

/**
 * The sentence for a WeChat or DingTalk sign-in that came back failed (`?oauthError=<key>&provider=`),
 * or null. Any catalogue's key may come back, so this reads the whole catalogue: a chunk of its own.
 */
export function providerFailure(search: string, lang: Lang): string | null {
  const params = new URLSearchParams(search);
  const key = params.get(OAUTH_ERROR_PARAM);
  if (!key || !isMessageKey(key)) return null;
  const provider = params.get('provider') ?? '';
  const providerName = isMessageKey(`oauth.provider.${provider}`)
    ? translate(`oauth.provider.${provider}`, lang)
    : provider;
  return translate(key, lang, { provider: providerName, account: '' });
}
