import { DingtalkOutlined, WechatOutlined } from '@ant-design/icons';
import type { OAuthProviderName } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/request.ts';

const looks: Record<OAuthProviderName, { icon: ReactNode; color: string }> = {
  wechat: { icon: <WechatOutlined />, color: '#07c160' },
  dingtalk: { icon: <DingtalkOutlined />, color: '#1677ff' },
};

/** The address that starts signing in with a provider and returns to `target` (or the launcher). */
export function providerAddress(provider: OAuthProviderName, target: string | null): string {
  const query = target ? `?target=${encodeURIComponent(target)}` : '';
  return `/api/apis-authz/oauth/${provider}/authorize${query}`;
}

/** WeChat and DingTalk sign-in, for the providers this deployment has configured. */
export function ProviderButtons({ target }: { target: string | null }) {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ['oauth', 'providers'],
    queryFn: ({ signal }) =>
      get<{ provider: OAuthProviderName; providerName: string; enabled: boolean }[]>('apis-authz/oauth/providers', {
        signal,
      }),
    // Without the list the buttons stay hidden: a button that leads to "not configured" is worse than none.
    meta: { silentError: true },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const enabled = (providers.data ?? []).filter((p) => p.enabled && p.provider in looks);
  if (enabled.length === 0) return null;
  return (
    <>
      <Divider plain style={{ margin: '24px 0 16px', color: '#8a94a6', fontSize: 13 }}>
        {t('login.others')}
      </Divider>
      <Flex justify="center" gap={20}>
        {enabled.map(({ provider, providerName }) => (
          <Tooltip key={provider} title={t('login.withProvider', { provider: providerName })}>
            <Button
              shape="circle"
              size="large"
              data-testid={`provider-${provider}`}
              aria-label={t('login.withProvider', { provider: providerName })}
              href={providerAddress(provider, target)}
              icon={looks[provider].icon}
              style={{ color: looks[provider].color, fontSize: 20 }}
            />
          </Tooltip>
        ))}
      </Flex>
    </>
  );
}
