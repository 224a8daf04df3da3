import { SCADA_LINK_PASSWORD_MAX } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Descriptions, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { useConfirm } from '../../shared/useConfirm.ts';
import { showFieldErrors } from '../components/errors.ts';
import { closeShare, openShare, sharedAddress, shareOf } from './api.ts';
import './strings.ts';

interface ShareFields {
  expiresAt?: Dayjs | null;
  password?: string;
}

/** A screen's shared link: its state, opening a (new) link with an expiry and a password, closing it. */
export function ShareDialog({ id, name, onClose }: { id: number; name: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShareFields>();
  const [token, setToken] = useState<string | null>(null);
  const key = ['iot', 'scada', id, 'share'];
  const state = useQuery({ queryKey: key, queryFn: ({ signal }) => shareOf(id, signal) });
  const open = useMutation({
    mutationFn: (values: ShareFields) =>
      openShare(id, { expiresAt: values.expiresAt?.valueOf() ?? null, password: values.password || null }),
    meta: { silentError: true },
    onSuccess: (opened) => {
      setToken(opened.token);
      form.resetFields();
      queryClient.setQueryData(key, opened);
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const close = () =>
    confirm({ title: t('scada.shareCloseAsk'), okText: t('scada.shareClose'), danger: true }, async () => {
      queryClient.setQueryData(key, await closeShare(id));
      setToken(null);
    });
  const share = state.data;
  return (
    <Modal open title={t('scada.shareTitle', { name })} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Flex vertical gap={12} data-testid="scada-share">
        <Typography.Text type="secondary">{t('scada.shareIntro')}</Typography.Text>
        {state.isError && (
          <LoadFailed error={state.error} onRetry={() => state.refetch()} retrying={state.isFetching} />
        )}
        {state.isPending && <PageLoading />}
        {share && (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('scada.sharing')}>
              <Space wrap data-testid="scada-share-state">
                <Tag color={share.open ? 'green' : 'default'}>
                  {share.open ? t('scada.shareOpened') : t('scada.shareClosed')}
                </Tag>
                {share.open && (
                  <Typography.Text>
                    {share.expiresAt === null
                      ? t('scada.shareNever')
                      : t('scada.shareUntil', { time: new Date(share.expiresAt).toLocaleString(i18n.language) })}
                  </Typography.Text>
                )}
                {share.open && share.hasPassword && <Tag>{t('scada.shareWithPassword')}</Tag>}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
        {token && (
          <Alert
            type="success"
            showIcon
            message={t('scada.shareLink')}
            description={
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text code data-testid="scada-share-link" style={{ wordBreak: 'break-all' }}>
                  {sharedAddress(token)}
                </Typography.Text>
                <Button
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(sharedAddress(token))
                      .then(() => message.success(t('scada.shareCopied')))
                  }
                >
                  {t('scada.shareCopy')}
                </Button>
              </Space>
            }
          />
        )}
        {share && (
          <Form<ShareFields>
            form={form}
            layout="vertical"
            name="scada-share"
            onFinish={(values) => open.mutate(values)}
          >
            <Form.Item name="expiresAt" label={t('scada.shareExpiry')}>
              <DatePicker
                showTime
                placeholder={t('scada.shareNever')}
                disabledDate={(d) => d.endOf('day').valueOf() < Date.now()}
                style={{ width: '100%' }}
                data-testid="scada-share-expiry"
              />
            </Form.Item>
            <Form.Item name="password" label={t('scada.sharePassword')}>
              <Input.Password
                maxLength={SCADA_LINK_PASSWORD_MAX}
                autoComplete="new-password"
                data-testid="scada-share-password"
              />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={open.isPending} data-testid="scada-share-open">
                {share.open ? t('scada.shareRenew') : t('scada.shareOpen')}
              </Button>
              {share.open && (
                <Button danger onClick={close} data-testid="scada-share-close">
                  {t('scada.shareClose')}
                </Button>
              )}
            </Space>
          </Form>
        )}
      </Flex>
    </Modal>
  );
}
