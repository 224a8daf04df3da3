import { DOCKING_KINDS, type DockingKind } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { time } from '../warnings/lookups.tsx';
import { type DockingConfig, resyncStatus, startResync } from './api.ts';

/**
 * The full resync (decision 0129): choose schools and data, confirm, and watch it go at the
 * platform's pace; a second one while it runs is refused in a sentence.
 */
export function ResyncCard({ config, canEdit }: { config: DockingConfig; canEdit: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const configured = config.schools.filter((s) => config.schoolIds.includes(s.id));
  const [schoolIds, setSchoolIds] = useState<number[]>(configured.map((s) => s.id));
  const [kinds, setKinds] = useState<DockingKind[]>(config.kinds);
  const status = useQuery({
    queryKey: ['docking', 'resync'],
    queryFn: ({ signal }) => resyncStatus(signal),
    enabled: config.configured,
    meta: { silentError: true },
    // While one runs, its progress is read again every few seconds.
    refetchInterval: (q) => (q.state.data?.resync?.state === 'running' ? 3000 : false),
  });
  const start = useMutation({
    mutationFn: startResync,
    onSuccess: (next) => {
      message.success(t('docking.resync.started'));
      queryClient.setQueryData(['docking', 'resync'], next);
      void queryClient.invalidateQueries({ queryKey: ['docking', 'records'] });
    },
    onError: notifyError,
  });
  const resync = status.data?.resync ?? null;
  const ask = () =>
    modal.confirm({
      title: t('docking.resync.confirmTitle'),
      content: t('docking.resync.confirm', { schools: schoolIds.length }),
      okText: t('docking.resync.ok'),
      cancelText: t('docking.resync.cancel'),
      onOk: () => start.mutateAsync({ schoolIds, kinds }).catch(() => undefined),
    });
  return (
    <Card title={t('docking.resync.title')} data-testid="docking-resync">
      <Typography.Paragraph type="secondary">
        {t('docking.resync.intro', { perMinute: config.resyncPerMinute })}
      </Typography.Paragraph>
      {!config.configured && (
        <Typography.Paragraph type="secondary" data-testid="docking-resync-unconfigured">
          {t('docking.push.notConfigured')}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" disabled={!canEdit || !config.configured}>
        <Form.Item label={t('docking.resync.schools')}>
          <Checkbox.Group
            data-testid="docking-resync-schools"
            value={schoolIds}
            onChange={(v) => setSchoolIds(v as number[])}
            options={configured.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item label={t('docking.resync.kinds')}>
          <Checkbox.Group
            data-testid="docking-resync-kinds"
            value={kinds}
            onChange={(v) => setKinds(v as DockingKind[])}
            options={DOCKING_KINDS.map((k) => ({ value: k, label: t(`docking.kind.${k}`) }))}
          />
        </Form.Item>
        <Button
          danger
          onClick={ask}
          loading={start.isPending}
          disabled={schoolIds.length === 0 || kinds.length === 0}
          data-testid="docking-resync-start"
        >
          {t('docking.resync.button')}
        </Button>
      </Form>
      {config.configured && (
        <div style={{ marginTop: 16, maxWidth: 640 }} data-testid="docking-resync-progress">
          {resync === null ? (
            <Typography.Text type="secondary">{status.isPending ? '…' : t('docking.resync.none')}</Typography.Text>
          ) : (
            <Flex vertical gap={4}>
              <Progress
                percent={resync.total === 0 ? 100 : Math.floor((resync.done / resync.total) * 100)}
                status={resync.state === 'running' ? 'active' : 'success'}
              />
              <Alert
                type={resync.state === 'running' ? 'info' : 'success'}
                showIcon
                data-testid="docking-resync-state"
                message={
                  resync.state === 'running'
                    ? t('docking.resync.running', resync)
                    : t('docking.resync.done', { ...resync, at: time(resync.finishedAt ?? resync.startedAt) })
                }
                description={t('docking.resync.startedAt', { at: time(resync.startedAt) })}
              />
            </Flex>
          )}
        </div>
      )}
    </Card>
  );
}
