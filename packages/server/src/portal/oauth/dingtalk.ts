import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { callProvider, endpoint, type OAuthProfile, type OAuthProvider, ProviderError } from './provider.ts';

const failure = z.object({ code: z.string(), message: z.string().optional() });
const tokenReply = z.object({ accessToken: z.string().min(1) });
const meReply = z.object({
  unionId: z.string().optional(),
  openId: z.string().optional(),
  nick: z.string().optional(),
  avatarUrl: z.string().optional(),
});

/** DingTalk answers errors with a 4xx or 5xx status and `{ code, message }`. */
function read<T>(reply: { status: number; body: unknown }, schema: z.ZodType<T>, step: string): T {
  if (reply.status >= 400) {
    const error = failure.safeParse(reply.body);
    const words = error.success ? `${error.data.code} ${error.data.message ?? ''}` : 'no error code';
    throw new ProviderError(reply.status >= 500 ? 'unavailable' : 'refused', `${step}: HTTP ${reply.status} ${words}`);
  }
  const parsed = schema.safeParse(reply.body);
  if (!parsed.success) throw new ProviderError('unavailable', `${step}: HTTP ${reply.status}, unexpected answer`);
  return parsed.data;
}

/**
 * DingTalk sign-in, the new OAuth 2 (`login.dingtalk.com/oauth2/auth`): the code is traded at
 * `v1.0/oauth2/userAccessToken` for a user token, which reads `v1.0/contact/users/me`.
 */
export function dingtalkProvider(config: Config): OAuthProvider {
  const clientId = config.DINGTALK_CLIENT_ID ?? '';
  const clientSecret = config.DINGTALK_CLIENT_SECRET ?? '';
  const timeout = config.OAUTH_TIMEOUT_MS;
  return {
    name: 'dingtalk',
    configured: clientId !== '' && clientSecret !== '',
    clientId,
    authorizeUrl(state, redirectUri) {
      return endpoint(config.DINGTALK_LOGIN_BASE, '/oauth2/auth', {
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: clientId,
        scope: 'openid',
        state,
        prompt: 'consent',
      });
    },
    async exchange(code): Promise<OAuthProfile> {
      const token = read(
        await callProvider(
          endpoint(config.DINGTALK_API_BASE, '/v1.0/oauth2/userAccessToken'),
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ clientId, clientSecret, code, grantType: 'authorization_code' }),
          },
          timeout,
        ),
        tokenReply,
        'userAccessToken',
      );
      const me = read(
        await callProvider(
          endpoint(config.DINGTALK_API_BASE, '/v1.0/contact/users/me'),
          { method: 'GET', headers: { 'x-acs-dingtalk-access-token': token.accessToken } },
          timeout,
        ),
        meReply,
        'users/me',
      );
      const subject = me.unionId || me.openId;
      if (!subject) throw new ProviderError('unavailable', 'users/me: neither unionId nor openId');
      return {
        subject,
        openId: me.openId || null,
        unionId: me.unionId || null,
        nickname: me.nick || null,
        avatar: me.avatarUrl || null,
      };
    },
  };
}
