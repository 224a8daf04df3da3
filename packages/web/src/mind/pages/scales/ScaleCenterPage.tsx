import type { ScaleAudience } from '@meridian/contracts';
import { Card, Flex, Input, Segmented, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { textIn } from '../assessments/lookups.ts';
import { type ScaleFilter, type ScaleSource, type ScaleSummary, scalePage } from './api.ts';
import { ScaleDrawer } from './ScaleDrawer.tsx';
import './strings.ts';

type SourceChoice = 'all' | ScaleSource;

/** The scale center for one audience: built-in and custom scales, each with its details and a preview. */
function ScaleCenter({ audience }: { audience: ScaleAudience | undefined }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ id: number; tab: 'detail' | 'preview' } | null>(null);
  const scales = usePagedList<ScaleFilter, ScaleSummary>(['assess', 'scalePage'], scalePage, {
    filters: { audience, status: 'published' },
  });
  return (
    <Card data-testid="scale-center">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Segmented<SourceChoice>
          value={scales.filters.source ?? 'all'}
          onChange={(value) => scales.search({ ...scales.filters, source: value === 'all' ? undefined : value })}
          options={(['all', 'builtIn', 'custom'] as const).map((s) => ({ value: s, label: t(`scales.source.${s}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('scales.search')}
          style={{ width: 240 }}
          onSearch={(text) => scales.search({ ...scales.filters, name: text.trim() || undefined })}
        />
      </Flex>
      <PagedTable<ScaleSummary>
        list={scales}
        rowKey="id"
        data-testid="scale-table"
        locale={{ emptyText: t('scales.empty') }}
        scroll={{ x: 860 }}
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
