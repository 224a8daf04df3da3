import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Modal, Popconfirm, QRCode, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { newWechatCode, unbindWechat, wechatBinding, wechatCodeState } from './api.ts';

const BINDING = ['me', 'wechatBind'];
/** The time of day of `at` on the 24-hour clock (20:02), in the page's language. */
const clock = (at: number, lang: string) =>
  new Date(at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hour12: false });
/** How often the open dialog asks whether the code was scanned. */
const POLL_MS = 2000;

/**
 * The staff member's own WeChat for campus alerts (decision 0156): bound or not, "Bind WeChat"
 * with a QR code of the school's official account to scan, and unbinding. Shown to staff on a
 * school's roster only.
 */
export function WechatBinding() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [binding, setBinding] = useState(false);
  const state = useQuery({
    queryKey: BINDING,
    queryFn: ({ signal }) => wechatBinding(signal),
    meta: { silentError: true },
  });
  const unbind = useMutation({
    mutationFn: unbindWechat,
    onSuccess: (next) => {
      queryClient.setQueryData(BINDING, next);
      message.success(t('scr.me.wechat.unbound'));
    },
  });
  const b = state.data;
  // Only staff on a school's roster get campus alerts; students and parents see nothing here.
  if (b && !b.onRoster && !b.bound) return null;
  return (
    <Card title={t('scr.me.wechat.title')} style={{ marginTop: 16 }} data-testid="me-wechat">
      {state.isError && (
        <LoadFailed error={state.error} onRetry={() => void state.refetch()} retrying={state.isFetching} />
      )}
      {state.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {b && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('scr.me.wechat.help')}</Typography.Text>
          <div data-testid="me-wechat-state">
            {b.bound ? (
              <Tag color="green">
                {t('scr.me.wechat.bound')} {b.openidTail}
              </Tag>
            ) : (
              <Tag>{t('scr.me.wechat.notBound')}</Tag>
            )}
          </div>
          {!b.available && b.unavailableReason && (
            <Alert type="info" showIcon title={b.unavailableReason} data-testid="me-wechat-unavailable" />
          )}
          <Flex wrap gap={8}>
            {b.available && (
              <Button type="primary" onClick={() => setBinding(true)} data-testid="me-wechat-bind">
                {t(b.bound ? 'scr.me.wechat.rebind' : 'scr.me.wechat.bind')}
              </Button>
            )}
            {b.bound && (
              <Popconfirm title={t('scr.me.wechat.unbindConfirm')} onConfirm={() => unbind.mutate()}>
                <Button danger loading={unbind.isPending} data-testid="me-wechat-unbind">
                  {t('scr.me.wechat.unbind')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        </Flex>
      )}
      {binding && (
        <BindDialog
          onClose={() => {
            setBinding(false);
            void queryClient.invalidateQueries({ queryKey: BINDING });
          }}
        />
      )}
    </Card>
  );
}

/** The QR code to scan: a new one on opening and on refreshing, watched until it is scanned or expires. */
function BindDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const code = useMutation({ mutationFn: newWechatCode, meta: { silentError: true } });
  const { mutate } = code;
  useEffect(() => mutate(), [mutate]);
  const ticket = code.data;
  const state = useQuery({
    queryKey: ['me', 'wechatBind', 'code', ticket?.id],
    queryFn: ({ signal }) => wechatCodeState(ticket?.id ?? 0, signal),
    enabled: ticket !== undefined,
    refetchInterval: (q) => (q.state.data?.state === 'waiting' || q.state.data === undefined ? POLL_MS : false),
    meta: { silentError: true },
  });
  const now = state.data?.state;
  useEffect(() => {
    if (now === 'bound') void queryClient.invalidateQueries({ queryKey: BINDING, exact: true });
  }, [now, queryClient]);
  return (
    <Modal
      open
      title={t('scr.me.wechat.dialogTitle')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="me-wechat-close">
          {t('scr.me.wechat.close')}
        </Button>
      }
      data-testid="me-wechat-dialog"
    >
      {code.isError ? (
        <Flex vertical gap={12} align="start">
          <Alert
            type="error"
            showIcon
            title={t('scr.me.wechat.failed', { reason: errorText(code.error) })}
            data-testid="me-wechat-failed"
          />
          <Button onClick={() => mutate()}>{t('scr.me.wechat.retry')}</Button>
        </Flex>
      ) : now === 'bound' ? (
        <Result status="success" title={t('scr.me.wechat.done')} data-testid="me-wechat-done" />
      ) : (
        <Flex vertical gap={12} align="center">
          <Typography.Paragraph style={{ margin: 0 }}>{t('scr.me.wechat.scan')}</Typography.Paragraph>
          <QRCode
            value={ticket?.qrUrl ?? '-'}
            size={200}
            status={!ticket ? 'loading' : now === 'expired' ? 'expired' : 'active'}
            onRefresh={() => mutate()}
            data-testid="me-wechat-qr"
            data-url={ticket?.qrUrl}
          />
          <Typography.Text type="secondary" data-testid="me-wechat-status">
            {now === 'expired'
              ? t('scr.me.wechat.expired')
              : ticket
                ? `${t('scr.me.wechat.waiting')} ${t('scr.me.wechat.validUntil', { time: clock(ticket.expiresAt, i18n.language) })}`
                : ''}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
