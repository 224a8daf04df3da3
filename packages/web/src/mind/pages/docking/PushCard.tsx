import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { type DockingPushResult, pushToProvince } from './api.ts';

/** "Report now": queues what the platform does not have yet, and says how much in words. */
export function PushCard({ configured, canEdit }: { configured: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<DockingPushResult | null>(null);
  const push = useMutation({
    mutationFn: pushToProvince,
    onSuccess: (result) => {
      setDone(result);
      void queryClient.invalidateQueries({ queryKey: ['docking', 'records'] });
    },
    onError: notifyError,
  });
  return (
    <Card title={t('docking.push.title')} data-testid="docking-push">
      <Typography.Paragraph type="secondary">{t('docking.push.intro')}</Typography.Paragraph>
      <Flex gap={12} align="center" wrap>
        <Button
          type="primary"
          onClick={() => push.mutate()}
          loading={push.isPending}
          disabled={!canEdit || !configured}
          data-testid="docking-push-now"
        >
          {t('docking.push.button')}
        </Button>
        {!configured && <Typography.Text type="secondary">{t('docking.push.notConfigured')}</Typography.Text>}
        <Link to="/data/upstreamRecord" data-testid="docking-records-link">
          {t('docking.push.records')}
        </Link>
      </Flex>
      {done && (
        <Alert
          data-testid="docking-push-result"
          style={{ marginTop: 16, maxWidth: 640 }}
          showIcon
          type="success"
          message={t(done.queued > 0 ? 'docking.push.done' : 'docking.push.nothing', done)}
        />
      )}
    </Card>
  );
}
