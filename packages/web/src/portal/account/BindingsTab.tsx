import { DingtalkOutlined, WechatOutlined } from '@ant-design/icons';
import { isMessageKey, OAUTH_ERROR_PARAM, OAUTH_RESULT_PARAM, type OAuthBinding, translate } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLang } from '../../shared/i18n.ts';
import { BindLog } from './BindLog.tsx';
import { bindInfo, startBinding, ticketInfo, transferBinding, unbind } from './bindings-api.ts';

const icons: Record<string, ReactNode> = {
  wechat: <WechatOutlined style={{ color: '#07c160' }} />,
  dingtalk: <DingtalkOutlined style={{ color: '#1677ff' }} />,
};
const BINDINGS = ['account', 'bindings'] as const;
const BACK_HERE = '/accountCenter?tab=bindings';

/** The outcome a binding flow came back with (`?oauth=bound` or `?oauthError=<key>&ticket=`), shown once. */
function useBindingOutcome() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  useEffect(() => {
    const result = params.get(OAUTH_RESULT_PARAM);
    const key = params.get(OAUTH_ERROR_PARAM);
    if (handled.current || (!result && !key)) return;
    handled.current = true;
    const lang = currentLang();
    const provider = params.get('provider') ?? '';
    const providerKey = `oauth.provider.${provider}`;
    const providerName = isMessageKey(providerKey) ? translate(providerKey, lang) : provider;
    const ticket = params.get('ticket');
    setParams({ tab: 'bindings' }, { replace: true });
    if (result === 'bound') {
      message.success(t('bindings.bound', { provider: providerName }));
      return;
    }
    if (!key || !isMessageKey(key)) return;
    if (key === 'oauth.boundElsewhere' && ticket) {
      void ticketInfo(ticket).then(
        (info) => {
          modal.confirm({
            title: translate(key, lang, { provider: providerName, account: info.boundAccount ?? '' }),
            content: t('bindings.moveText', { provider: providerName }),
            okText: t('bindings.move'),
            onOk: async () => {
              await transferBinding(ticket);
              message.success(t('bindings.bound', { provider: providerName }));
              await queryClient.invalidateQueries({ queryKey: ['account'] });
            },
          });
        },
        () => message.error(translate('oauth.ticketInvalid', lang)),
      );
      return;
    }
    message.error(translate(key, lang, { provider: providerName, account: '' }));
  }, [params, setParams, message, modal, t, queryClient]);
}

/** WeChat and DingTalk bound to this account: bind, unbind, and every change in the bind log. */
export function BindingsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useBindingOutcome();
  const bindings = useQuery({ queryKey: BINDINGS, queryFn: ({ signal }) => bindInfo(signal) });
  const bind = useMutation({
    mutationFn: (binding: OAuthBinding) => startBinding(binding.provider, BACK_HERE),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const remove = useMutation({
    mutationFn: (binding: OAuthBinding) => unbind(binding.provider),
    onSuccess: async (_done, binding) => {
      message.success(t('bindings.unbound', { provider: binding.providerName }));
      await queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
  return (
    <Flex vertical gap={28}>
      <Card size="small" styles={{ body: { padding: '4px 16px' } }}>
        {bindings.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <Flex vertical data-testid="bindings">
            {(bindings.data ?? []).map((binding, index) => (
              <Flex
                key={binding.provider}
                data-testid={`binding-${binding.provider}`}
                align="center"
                gap={16}
                style={{ padding: '16px 0', borderTop: index > 0 ? '1px solid #f0f2f5' : undefined }}
              >
                <span style={{ fontSize: 28, lineHeight: 1 }}>{icons[binding.provider]}</span>
                <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Flex gap={8} align="center">
                    <Typography.Text strong>{binding.providerName}</Typography.Text>
                    {binding.bound ? (
                      <Tag color="success">{t('bindings.isBound')}</Tag>
                    ) : binding.configured ? (
                      <Tag>{t('bindings.notBound')}</Tag>
                    ) : (
                      <Tag color="default">{t('bindings.notConfigured')}</Tag>
                    )}
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {binding.bound
                      ? t('bindings.boundAs', {
                          nickname: binding.nickname ?? '-',
                          time: binding.boundAt ? dayjs(binding.boundAt).format('YYYY-MM-DD HH:mm') : '-',
                        })
                      : binding.configured
                        ? t('bindings.hint', { provider: binding.providerName })
                        : t('bindings.unavailable', { provider: binding.providerName })}
                  </Typography.Text>
                </Flex>
                {binding.bound ? (
                  <Popconfirm
                    title={t('bindings.unbindConfirm', { provider: binding.providerName })}
                    onConfirm={() => remove.mutateAsync(binding)}
                  >
                    <Button danger size="small">
                      {t('bindings.unbind')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    type="primary"
                    ghost
                    size="small"
                    disabled={!binding.configured}
                    loading={bind.isPending && bind.variables?.provider === binding.provider}
                    onClick={() => bind.mutate(binding)}
                  >
                    {t('bindings.bind')}
                  </Button>
                )}
              </Flex>
            ))}
          </Flex>
        )}
      </Card>
      <BindLog />
    </Flex>
  );
}
