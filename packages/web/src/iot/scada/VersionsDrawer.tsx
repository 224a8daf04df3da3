import { SCADA_VERSIONS_MAX } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { useConfirm } from '../../shared/useConfirm.ts';
import { rollBack, type ScadaDetail, type ScadaVersion, versionsOf } from './api.ts';

/** Asks, then rolls the screen back to `number`; the viewer then shows the copy, published. */
export function useRollBack(screen: ScadaDetail) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (number: number) =>
    confirm({ title: t('scada.rollBackAsk', { number }), okText: t('scada.rollBack') }, async () => {
      await rollBack(screen.id, number, screen.revision);
      message.success(t('scada.rolledBack', { number }));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'scada'], exact: false });
      navigate(`/scada/${screen.id}/view`);
    });
}

/** A screen's kept versions (decision 0127): who saved each and when, which is published, open one, roll back. */
export function VersionsDrawer({ screen, onClose }: { screen: ScadaDetail; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rollBackTo = useRollBack(screen);
  const versions = useQuery({
    queryKey: ['iot', 'scada', screen.id, 'versions'],
    queryFn: ({ signal }) => versionsOf(screen.id, signal),
    staleTime: 0,
    meta: { silentError: true },
  });
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('scada.versionsTitle')}
      width="min(780px, 100vw)"
      data-testid="scada-versions"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('scada.versionsHint', { max: SCADA_VERSIONS_MAX })}</Typography.Text>
        {versions.isError ? (
          <LoadFailed error={versions.error} onRetry={() => versions.refetch()} retrying={versions.isFetching} />
        ) : (
          <Table<ScadaVersion>
            rowKey="number"
            size="small"
            loading={versions.isPending}
            dataSource={versions.data ?? []}
            pagination={false}
            scroll={{ x: 720 }}
            columns={[
              {
                title: t('scada.versions'),
                key: 'number',
                render: (_, v) => (
                  <Space size={4} wrap>
                    <span>{t('scada.versionNumber', { number: v.number })}</span>
                    {v.published && <Tag color="green">{t('scada.versionPublished')}</Tag>}
                    {v.draft && <Tag color="blue">{t('scada.versionDraft')}</Tag>}
                    {v.rolledBackFrom !== null && (
                      <Tag>{t('scada.versionRolledBack', { number: v.rolledBackFrom })}</Tag>
                    )}
                  </Space>
                ),
              },
              { title: t('scada.versionBy'), dataIndex: 'createdByName', ellipsis: true },
              {
                title: t('scada.versionAt'),
                dataIndex: 'createdAt',
                width: 170,
                render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
              },
              { title: t('scada.versionElements'), dataIndex: 'elementCount', align: 'right' },
              {
                key: 'actions',
                width: 200,
                render: (_, v) => (
                  <Space size={0}>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        onClose();
                        navigate(`/scada/${screen.id}/view?version=${v.number}`);
                      }}
                    >
                      {t('scada.versionOpen')}
                    </Button>
                    {!v.published && (
                      <Button type="link" size="small" onClick={() => rollBackTo(v.number)}>
                        {t('scada.rollBack')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Drawer>
  );
}
