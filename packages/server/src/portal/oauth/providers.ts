import type { OAuthProviderName } from '@meridian/contracts';
import type { Config } from '../../platform/config.ts';
import { dingtalkProvider } from './dingtalk.ts';
import type { OAuthProvider } from './provider.ts';
import { wechatProvider } from './wechat.ts';

/** Every provider, built from the deployment's settings. Adding one is a file like wechat.ts and a line here. */
export function oauthProviders(config: Config): Record<OAuthProviderName, OAuthProvider> {
  return { wechat: wechatProvider(config), dingtalk: dingtalkProvider(config) };
}
