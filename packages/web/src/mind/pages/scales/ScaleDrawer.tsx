import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, List, Skeleton, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { textIn } from '../assessments/lookups.ts';
import { scaleInfo } from './api.ts';
import { ScalePreview } from './ScalePreview.tsx';

/** One scale: its description and instructions, versions, and a preview to answer and see the score. */
export function ScaleDrawer(props: { scaleId: number | null; tab?: 'detail' | 'preview'; onClose(): void }) {
  const { scaleId, tab = 'detail', onClose } = props;
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['assess', 'scale', scaleId],
    queryFn: ({ signal }) => scaleInfo(scaleId ?? 0, signal),
    enabled: scaleId !== null,
    meta: { silentError: true },
  });
  const data = detail.data;
  const definition = data?.definition ?? data?.draft ?? null;
  return (
    <Drawer
      open={scaleId !== null}
      onClose={onClose}
      size={980}
      destroyOnHidden
      title={data ? textIn(data.name) || data.code : t('scales.detail')}
      data-testid="scale-drawer"
    >
      {detail.isError ? (
        <LoadFailed error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Tabs
          defaultActiveKey={tab}
          items={[
            {
              key: 'detail',
              label: t('scales.detail'),
              children: (
                <>
                  {data.needsItemText && (
                    <Alert type="info" showIcon title={t('scales.needsItemText')} style={{ marginBottom: 16 }} />
                  )}
                  <Descriptions column={2} size="small" bordered>
                    <Descriptions.Item label={t('scales.col.code')}>{data.code}</Descriptions.Item>
                    <Descriptions.Item label={t('scales.col.audience')}>
                      {t(`scales.audience.${data.audience}`)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('scales.col.source')}>
                      {data.builtIn ? t('scales.builtIn') : `${t('scales.source.custom')} · ${data.ownerOrgName ?? ''}`}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('scales.col.items')}>{data.itemCount}</Descriptions.Item>
                    <Descriptions.Item label={t('scales.col.status')}>
                      <Tag>{t(`scales.status.${data.status}`)}</Tag>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('scales.col.version')}>{data.version ?? '-'}</Descriptions.Item>
                  </Descriptions>
                  <Typography.Title level={5} style={{ marginTop: 20 }}>
                    {t('scales.description')}
                  </Typography.Title>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-line' }} data-testid="scale-description">
                    {textIn(data.description) || t('scales.noDescription')}
                  </Typography.Paragraph>
                  {data.instructions && (
                    <>
                      <Typography.Title level={5}>{t('scales.instructions')}</Typography.Title>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
                        {textIn(data.instructions)}
                      </Typography.Paragraph>
                    </>
                  )}
                  <Typography.Title level={5}>{t('scales.versions')}</Typography.Title>
                  <List
                    size="small"
                    dataSource={data.versions}
                    locale={{ emptyText: t('scales.none') }}
                    renderItem={(v) => (
                      <List.Item>
                        {t('scales.versionNo', { version: v.version })} ·{' '}
                        {dayjs(v.publishedAt).format('YYYY-MM-DD HH:mm')}
                        {v.publishedBy ? ` · ${v.publishedBy}` : ''}
                        {v.reason ? ` · ${v.reason}` : ''}
                      </List.Item>
                    )}
                  />
                </>
              ),
            },
            {
              key: 'preview',
              label: <span data-testid="scale-preview-tab">{t('scales.preview')}</span>,
              children: definition ? <ScalePreview definition={definition} /> : <Empty />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
