import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { callProvider, endpoint, type OAuthProfile, type OAuthProvider, ProviderError } from './provider.ts';

const failure = z.object({ errcode: z.number(), errmsg: z.string().optional() });
const tokenReply = z.object({
  access_token: z.string().min(1),
  openid: z.string().min(1),
  unionid: z.string().optional(),
});
const userInfoReply = z.object({
  openid: z.string(),
  nickname: z.string().optional(),
  headimgurl: z.string().optional(),
  unionid: z.string().optional(),
});

/** WeChat answers errors as `{ errcode, errmsg }`, often with HTTP 200. */
function read<T>(reply: { status: number; body: unknown }, schema: z.ZodType<T>, step: string): T {
  const error = failure.safeParse(reply.body);
  if (error.success && error.data.errcode !== 0) {
    // -1 is WeChat's "system busy"; any other code refuses this code or this app.
    const kind = error.data.errcode === -1 ? 'unavailable' : 'refused';
    throw new ProviderError(kind, `${step}: errcode ${error.data.errcode} ${error.data.errmsg ?? ''}`);
  }
  const parsed = schema.safeParse(reply.body);
  if (reply.status >= 500 || !parsed.success) {
    throw new ProviderError('unavailable', `${step}: HTTP ${reply.status}, unexpected answer`);
  }
  return parsed.data;
}

/**
 * WeChat website sign-in (Open Platform, QR code): the person scans on the `qrconnect` page, and
 * WeChat returns to us with a code we trade at `sns/oauth2/access_token` for the open id and union id.
 */
export function wechatProvider(config: Config): OAuthProvider {
  const appId = config.WECHAT_APP_ID ?? '';
  const secret = config.WECHAT_APP_SECRET ?? '';
  const timeout = config.OAUTH_TIMEOUT_MS;
  return {
    name: 'wechat',
    configured: appId !== '' && secret !== '',
    clientId: appId,
    authorizeUrl(state, redirectUri) {
      // WeChat checks the order of these parameters, and the page needs the fragment.
      const query = { appid: appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state };
      return `${endpoint(config.WECHAT_OPEN_BASE, '/connect/qrconnect', query)}#wechat_redirect`;
    },
    async exchange(code): Promise<OAuthProfile> {
      const token = read(
        await callProvider(
          endpoint(config.WECHAT_API_BASE, '/sns/oauth2/access_token', {
            appid: appId,
            secret,
            code,
            grant_type: 'authorization_code',
          }),
          { method: 'GET' },
          timeout,
        ),
        tokenReply,
        'access_token',
      );
      const info = read(
        await callProvider(
          endpoint(config.WECHAT_API_BASE, '/sns/userinfo', { access_token: token.access_token, openid: token.openid }),
          { method: 'GET' },
          timeout,
        ),
        userInfoReply,
        'userinfo',
      );
      const unionId = token.unionid ?? info.unionid ?? null;
      return {
        subject: unionId ?? token.openid,
        openId: token.openid,
        unionId,
        nickname: info.nickname || null,
        avatar: info.headimgurl || null,
      };
    },
  };
}
