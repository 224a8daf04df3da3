import type { ScaleAudience } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Segmented, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/PagedList.tsx';
import { textIn } from '../assessments/lookups.ts';
import { type ScaleFilter, type ScaleSource, type ScaleSummary, scalePage } from './api.ts';
import { ScaleDrawer } from './ScaleDrawer.tsx';
import './strings.ts';

type SourceChoice = 'all' | ScaleSource;

/** The scale center for one audience: built-in and custom scales, each with its details and a preview. */
function ScaleCenter({ audience }: { audience: ScaleAudience | undefined }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<SourceChoice>('all');
  const [name, setName] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [shown, setShown] = useState<{ id: number; tab: 'detail' | 'preview' } | null>(null);
  const filter: ScaleFilter = {
    audience,
    source: source === 'all' ? undefined : source,
    status: 'published',
    name: name || undefined,
  };
  const scales = useQuery({
    queryKey: ['assess', 'scalePage', filter, paging],
    queryFn: ({ signal }) => scalePage({ ...filter, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="scale-center">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Segmented<SourceChoice>
          value={source}
          onChange={(value) => {
            setSource(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={(['all', 'builtIn', 'custom'] as const).map((s) => ({ value: s, label: t(`scales.source.${s}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('scales.search')}
          style={{ width: 240 }}
          onSearch={(text) => {
            setName(text.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Flex>
      {scales.isError && !scales.data ? (
        <LoadFailed error={scales.error} onRetry={() => scales.refetch()} retrying={scales.isFetching} />
      ) : (
        <Table<ScaleSummary>
          rowKey="id"
          size="middle"
          data-testid="scale-table"
          loading={scales.isFetching}
          dataSource={scales.data?.list ?? []}
          locale={{ emptyText: t('scales.empty') }}
          scroll={{ x: 860 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: scales.data?.total ?? 0,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
          columns={[
            {
              title: t('scales.col.name'),
              key: 'name',
              render: (_v, s) => (
                <Typography.Link onClick={() => setShown({ id: s.id, tab: 'detail' })}>
                  {textIn(s.name) || s.code}
                </Typography.Link>
              ),
            },
            { title: t('scales.col.code'), dataIndex: 'code', width: 110 },
            {
              title: t('scales.col.audience'),
              dataIndex: 'audience',
              width: 90,
              render: (a: ScaleAudience) => t(`scales.audience.${a}`),
            },
            {
              title: t('scales.col.source'),
              key: 'source',
              width: 170,
              render: (_v, s) =>
                s.builtIn ? (
                  <Tag color="blue">{t('scales.source.builtIn')}</Tag>
                ) : (
                  <>
                    <Tag color="purple">{t('scales.source.custom')}</Tag>
                    {s.ownerOrgName}
                  </>
                ),
            },
            { title: t('scales.col.items'), dataIndex: 'itemCount', width: 70 },
            { title: t('scales.col.version'), dataIndex: 'version', width: 70, render: (v: number | null) => v ?? '-' },
            {
              title: t('scales.col.updatedAt'),
              dataIndex: 'updatedAt',
              width: 150,
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('system.actions'),
              key: 'actions',
              fixed: 'right',
              width: 130,
              render: (_v, s) => (
                <Flex gap={10}>
                  <Typography.Link onClick={() => setShown({ id: s.id, tab: 'detail' })}>
                    {t('scales.detail')}
                  </Typography.Link>
                  <Typography.Link
                    data-testid={`scale-preview-${s.code}`}
                    onClick={() => setShown({ id: s.id, tab: 'preview' })}
                  >
                    {t('scales.preview')}
                  </Typography.Link>
                </Flex>
              ),
            },
          ]}
        />
      )}
      <ScaleDrawer
        key={shown ? `${shown.id}-${shown.tab}` : 'none'}
        scaleId={shown?.id ?? null}
        tab={shown?.tab}
        onClose={() => setShown(null)}
      />
    </Card>
  );
}

/** `/data/systemScale`: scales for students (and other raters' scales under their own tab). */
export const StudentScalesPage = () => <ScaleCenter audience="student" />;
/** `/data/systemScaleTeacher`: scales teachers answer themselves. */
export const TeacherScalesPage = () => <ScaleCenter audience="teacher" />;
/** `/data/AISystemScale`: the whole library, every audience. */
export const AllScalesPage = () => <ScaleCenter audience={undefined} />;
