import { knownFormat, waterItem } from '@meridian/contracts';
import { Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TemplatePointView, TemplateSlaveView } from './api.ts';

export const hex = (address: number) => `0x${address.toString(16).toUpperCase().padStart(4, '0')}`;

/** The standard's name of a DL/T 645 data identifier ("正向有功总电能"), or '' for one it does not list. */
export const identifierName = (t: TFunction, di: string | null | undefined) => {
  const known = knownFormat(di ?? '');
  if (known) return t(`templates.identifier.${known.name}`);
  const item = waterItem(di ?? '');
  return item ? t(`templates.waterItem.${item.name}`) : '';
};

/** A template's slaves, read only: serial number, name, address and how they are reached. */
export function SlavesView({ slaves }: { slaves: TemplateSlaveView[] }) {
  const { t } = useTranslation();
  return (
    <Table<TemplateSlaveView>
      data-testid="slaves-view"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={slaves}
      locale={{ emptyText: t('templates.noSlaves') }}
      columns={[
        { title: t('templates.slave.index'), dataIndex: 'index', width: 80 },
        { title: t('templates.slave.name'), dataIndex: 'name' },
        {
          title: t('templates.slave.address'),
          key: 'address',
          width: 140,
          // A DL/T 645 meter is known by its 12-digit address.
          // A CJ/T 188 one by its type and 14-digit address.
          render: (_v, s) =>
            s.meterAddress && s.meterAddress.length === 14
              ? `${s.address.toString(16).toUpperCase()}H · ${s.meterAddress}`
              : (s.meterAddress ?? s.address),
        },
        { title: t('templates.slave.ip'), key: 'ip', render: (_v, s) => (s.ip ? `${s.ip}:${s.port ?? ''}` : '-') },
        { title: t('templates.slave.deviceNo'), dataIndex: 'deviceNo', render: (v: string | null) => v ?? '-' },
      ]}
    />
  );
}

/** A template's data points, read only, with every field of the point model. */
export function PointsView({
  points,
  extra,
  custom = false,
}: {
  points: TemplatePointView[];
  extra?: { title: string; render(point: TemplatePointView): React.ReactNode };
  /** A custom protocol's template: a point names the protocol's point by its key. */
  custom?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table<TemplatePointView>
      data-testid="points-view"
      size="small"
      rowKey="id"
      dataSource={points}
      scroll={{ x: 1300 }}
      pagination={points.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: t('templates.noPoints') }}
      columns={[
        { title: t('templates.point.slave'), dataIndex: 'slaveIndex', width: 70 },
        { title: t('templates.point.name'), dataIndex: 'name', width: 160, fixed: 'left' },
        ...(extra
          ? [
              {
                title: extra.title,
                key: 'extra',
                width: 140,
                render: (_v: unknown, p: TemplatePointView) => extra.render(p),
              },
            ]
          : []),
        {
          title: t('templates.point.register'),
          key: 'register',
          width: 180,
          render: (_v, p) =>
            custom ? (
              <span>
                {t('customProtocol.pointKey')} {p.dataIdentifier}
              </span>
            ) : p.dataIdentifier ? (
              <span>
                {t('templates.point.dataIdentifier')}{' '}
                {waterItem(p.dataIdentifier)?.identifier.toUpperCase() ?? p.dataIdentifier} · {p.registerLength} B
              </span>
            ) : (
              <span>
                {t(`templates.registerType.${p.registerType}`)} {hex(p.registerAddress)}
                {p.registerLength > 1 ? ` ×${p.registerLength}` : ''}
              </span>
            ),
        },
        {
          title: t('templates.point.readWrite'),
          dataIndex: 'readWrite',
          width: 90,
          render: (v: string) => t(`templates.readWrite.${v}`),
        },
        {
          title: t('templates.point.variant'),
          key: 'variant',
          width: 170,
          render: (_v, p) => (
            <span>
              {t(`templates.dataType.${p.dataType}`)} ·{' '}
              {custom
                ? p.dataIdentifier
                : p.dataIdentifier
                  ? identifierName(t, p.dataIdentifier) || 'BCD'
                  : t(`templates.variant.${p.variant}`)}
              {p.bitIndex !== null ? ` · bit ${p.bitIndex}` : ''}
            </span>
          ),
        },
        { title: t('templates.point.precision'), dataIndex: 'precision', width: 70 },
        { title: t('templates.point.unit'), dataIndex: 'unit', width: 70, render: (v: string | null) => v ?? '-' },
        {
          title: t('templates.point.formula'),
          key: 'formula',
          width: 160,
          render: (_v, p) =>
            p.formula || p.inverseFormula ? (
              <Typography.Text code style={{ fontSize: 12 }}>
                {p.formula ?? 'x'}
                {p.inverseFormula ? ` / ${p.inverseFormula}` : ''}
              </Typography.Text>
            ) : (
              '-'
            ),
        },
        {
          title: t('templates.point.storage'),
          key: 'storage',
          width: 130,
          render: (_v, p) => (
            <Tag style={{ marginInlineEnd: 0 }}>
              {t(`templates.storage.${p.storage}`)}
              {p.storage === 'onChange' && p.amplitude !== null ? ` ±${p.amplitude}` : ''}
            </Tag>
          ),
        },
        {
          title: t('templates.point.description'),
          dataIndex: 'description',
          width: 160,
          ellipsis: true,
          render: (v: string | null) => v ?? '-',
        },
      ]}
    />
  );
}
