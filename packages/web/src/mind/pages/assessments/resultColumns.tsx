import { type TableColumnType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ResultRow } from './api.ts';
import { textIn, useBandLabels, useScaleChoices } from './lookups.ts';
import './strings.ts';

const LEVEL_COLOR: Record<string, string> = { red: 'red', orange: 'orange', yellow: 'gold' };

/**
 * What a result shows wherever it is listed (the results page, a student's scale details): its
 * scale, total, band and warning level, and when it was submitted; the band as the scale names it.
 */
export function useResultColumns(rows: readonly ResultRow[]) {
  const { t } = useTranslation();
  const scales = useScaleChoices();
  const bandLabel = useBandLabels(rows.map((r) => r.scaleId));
  const scaleName = (id: number) => {
    const s = scales.data?.find((x) => x.id === id);
    return s ? textIn(s.name) || s.code : String(id);
  };
  const column = (c: TableColumnType<ResultRow>) => c;
  return {
    scale: column({ title: t('assess.results.scale'), key: 'scale', render: (_v, r) => scaleName(r.scaleId) }),
    total: column({
      title: t('assess.results.total'),
      dataIndex: 'total',
      width: 80,
      render: (v: number | null) => v ?? '-',
    }),
    band: column({
      title: t('assess.results.band'),
      key: 'band',
      width: 140,
      render: (_v, r) => bandLabel(r.scaleId, r.band),
    }),
    warning: column({
      title: t('assess.results.warning'),
      dataIndex: 'warningLevel',
      width: 110,
      render: (level: string | null) =>
        level ? (
          <Tag color={LEVEL_COLOR[level] ?? 'purple'}>
            {t(`assess.results.level.${level}`, { defaultValue: level })}
          </Tag>
        ) : (
          '-'
        ),
    }),
    submittedAt: column({
      title: t('assess.results.submittedAt'),
      dataIndex: 'submittedAt',
      width: 150,
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    }),
  };
}
