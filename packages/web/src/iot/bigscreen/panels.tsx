import type { BigscreenView } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ConfigProvider, Empty, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceRow, listDevices } from '../devices/api.ts';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import { LazyChart } from '../telemetry/LazyChart.tsx';
import { readingKey, useDeviceValues } from '../telemetry/useDeviceValues.ts';
import { alarmTrend, projectBars, restoredRing, statusRing, topDeviceBars, WALL } from './charts.ts';
import { MonitorMap } from './MonitorMap.tsx';

const PAGE_SIZE = 12;
/** A chart's height in a half-height panel of the 1080-high wall, below the panel's title. */
const CHART = 262;
const STATUSES = ['online', 'offline', 'alarm', 'fault'] as const;

/** A framed panel of the wall with its title. */
function Panel(props: { title: string; children: ReactNode; style?: CSSProperties; testId?: string }) {
  return (
    <section
      data-testid={props.testId}
      style={{
        background: WALL.panel,
        border: `1px solid ${WALL.line}`,
        borderRadius: 6,
        padding: '14px 18px',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        ...props.style,
      }}
    >
      <h2 style={{ margin: '0 0 10px', fontSize: 20, fontWeight: 500, color: WALL.accent, letterSpacing: 1 }}>
        {props.title}
      </h2>
      <div style={{ flex: 1, minHeight: 0 }}>{props.children}</div>
    </section>
  );
}

/** One big figure with its label. */
function Figure(props: { label: string; value: number; colour?: string; testId: string }) {
  return (
    <div
      data-testid={props.testId}
      style={{
        flex: 1,
        background: WALL.panel,
        border: `1px solid ${WALL.line}`,
        borderRadius: 6,
        padding: '12px 20px',
        textAlign: 'center',
      }}
    >
      <div style={{ fontSize: 18, color: WALL.dim }}>{props.label}</div>
      <div style={{ fontSize: 52, fontWeight: 600, color: props.colour ?? '#fff', fontVariantNumeric: 'tabular-nums' }}>
        {props.value}
      </div>
    </div>
  );
}

const grid = (columns: string, rows: string): CSSProperties => ({
  display: 'grid',
  gridTemplateColumns: columns,
  gridTemplateRows: rows,
  gap: 16,
  height: '100%',
});

/**
 * Device overview: the counts by status, by project, the map of located devices in the centre
 * (decision 0154; the project grid when no device has a position), and the newest alarms.
 */
export function OverviewTab({ data, fresh }: { data: BigscreenView; fresh: Set<number> }) {
  const { t } = useTranslation();
  const status = (s: string) => t(`devices.status.${s}`);
  const counts = data.devices;
  return (
    <div style={grid('minmax(0, 1fr) minmax(0, 1.5fr) minmax(0, 1fr)', '150px minmax(0, 1fr) minmax(0, 1fr)')}>
      <div style={{ gridColumn: '1 / 4', display: 'flex', gap: 16 }} data-testid="bigscreen-counts">
        <Figure label={t('bigscreen.total')} value={counts.total} testId="bigscreen-count-total" />
        {STATUSES.map((s) => (
          <Figure
            key={s}
            label={status(s)}
            value={counts[s]}
            colour={STATUS_COLOURS[s]}
            testId={`bigscreen-count-${s}`}
          />
        ))}
      </div>
      <Panel title={t('bigscreen.tabs.overview')} style={{ gridColumn: 1, gridRow: 2 }}>
        <LazyChart option={statusRing(counts, status)} height={CHART} testId="bigscreen-status-chart" />
      </Panel>
      <Panel title={t('bigscreen.byProject')} style={{ gridColumn: 1, gridRow: 3 }}>
        {data.byProject.length === 0 ? (
          <Empty description={t('bigscreen.noDevices')} />
        ) : (
          <LazyChart
            option={projectBars(data.byProject, status, t('bigscreen.noProject'))}
            height={CHART}
            testId="bigscreen-project-chart"
          />
        )}
      </Panel>
      <Panel title={t('bigscreen.recent')} style={{ gridRow: '2 / 4', gridColumn: 3 }}>
        <AlarmFeed data={data} fresh={fresh} limit={10} />
      </Panel>
      {data.map.list.length > 0 ? (
        <Panel title={t('bigscreen.map')} style={{ gridColumn: 2, gridRow: '2 / 4' }}>
          <MonitorMap data={data} />
        </Panel>
      ) : (
        <Panel title={t('bigscreen.projectGrid')} style={{ gridColumn: 2, gridRow: '2 / 4' }}>
          <ProjectGrid data={data} />
        </Panel>
      )}
    </div>
  );
}

/** The projects as tiles: each its devices and how many are online, in alarm or at fault. */
function ProjectGrid({ data }: { data: BigscreenView }) {
  const { t } = useTranslation();
  if (data.byProject.length === 0) return <Empty description={t('bigscreen.noDevices')} />;
  return (
    <div
      data-testid="bigscreen-project-grid"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 12, overflow: 'hidden' }}
    >
      {data.byProject.slice(0, 8).map((p) => (
        <div
          key={p.projectId ?? 'none'}
          style={{
            border: `1px solid ${WALL.line}`,
            borderRadius: 4,
            padding: '10px 14px',
            background: 'rgba(5,13,31,0.5)',
          }}
        >
          <div
            style={{ fontSize: 17, color: '#fff', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {p.name ?? t('bigscreen.noProject')}
          </div>
          <div style={{ display: 'flex', gap: 12, fontSize: 15, marginTop: 6 }}>
            <span style={{ color: WALL.dim }}>{p.total}</span>
            {STATUSES.map((s) => (
              <span key={s} style={{ color: STATUS_COLOURS[s] }} title={t(`devices.status.${s}`)}>
                ● {p[s]}
              </span>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Alarm statistics: today's figures, the week's trend, restored or not, and the devices with the most. */
export function AlarmsTab({ data }: { data: BigscreenView }) {
  const { t } = useTranslation();
  const a = data.alarms;
  return (
    <div style={grid('minmax(0, 2fr) minmax(0, 1fr)', '150px minmax(0, 1fr) minmax(0, 1fr)')}>
      <div style={{ gridColumn: '1 / 3', display: 'flex', gap: 16 }} data-testid="bigscreen-alarm-counts">
        <Figure
          label={t('bigscreen.alarmsToday')}
          value={a.today}
          colour={STATUS_COLOURS.alarm}
          testId="bigscreen-alarms-today"
        />
        <Figure
          label={t('bigscreen.alarmsActive')}
          value={a.active}
          colour="#fa8c16"
          testId="bigscreen-alarms-active"
        />
        <Figure label={t('bigscreen.devicesInAlarm')} value={a.devicesInAlarm} testId="bigscreen-alarms-devices" />
        <Figure label={t('bigscreen.unprocessed')} value={a.unprocessed} testId="bigscreen-alarms-unprocessed" />
      </div>
      <Panel title={t('bigscreen.trend')}>
        <LazyChart
          option={alarmTrend(a.week, { raised: t('bigscreen.raised'), restored: t('bigscreen.restored') })}
          height={CHART}
          testId="bigscreen-alarm-trend"
        />
      </Panel>
      <Panel title={t('bigscreen.byState')}>
        <LazyChart
          option={restoredRing(a.week, { restored: t('bigscreen.restored'), notRestored: t('bigscreen.notRestored') })}
          height={CHART}
          testId="bigscreen-alarm-state"
        />
      </Panel>
      <Panel title={t('bigscreen.topDevices')} style={{ gridColumn: '1 / 3' }}>
        {a.topDevices.length === 0 ? (
          <Empty description={t('bigscreen.noAlarms')} />
        ) : (
          <LazyChart
            option={topDeviceBars(a.topDevices, t('bigscreen.raised'))}
            height={CHART}
            testId="bigscreen-top-devices"
          />
        )}
      </Panel>
    </div>
  );
}

/** Alarm info: the newest alarms, those arrived since the page opened marked new. */
export function FeedTab({ data, fresh }: { data: BigscreenView; fresh: Set<number> }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('bigscreen.recent')} style={{ height: '100%' }}>
      <AlarmFeed data={data} fresh={fresh} />
    </Panel>
  );
}

function AlarmFeed({ data, fresh, limit }: { data: BigscreenView; fresh: Set<number>; limit?: number }) {
  const { t } = useTranslation();
  const rows = limit ? data.recent.slice(0, limit) : data.recent;
  if (rows.length === 0) return <Empty description={t('bigscreen.noAlarms')} />;
  return (
    <ol data-testid="bigscreen-feed" style={{ listStyle: 'none', margin: 0, padding: 0, overflow: 'hidden' }}>
      {rows.map((a) => (
        <li
          key={a.id}
          data-testid="bigscreen-feed-item"
          data-fresh={fresh.has(a.id)}
          style={{
            display: 'flex',
            gap: 12,
            alignItems: 'baseline',
            padding: '8px 10px',
            borderBottom: `1px solid rgba(29, 79, 145, 0.45)`,
            background: fresh.has(a.id) ? 'rgba(245, 34, 45, 0.18)' : undefined,
            fontSize: 17,
          }}
        >
          <span style={{ color: WALL.dim, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {dayjs(a.firedAt).format('MM-DD HH:mm:ss')}
          </span>
          <span style={{ color: '#fff', whiteSpace: 'nowrap' }}>{a.deviceName}</span>
          <span
            style={{
              flex: 1,
              color: a.restored ? WALL.text : '#ff7875',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {a.content}
          </span>
          {fresh.has(a.id) && <Tag color="red">{t('bigscreen.newAlarm')}</Tag>}
          <Tag color={a.restored ? 'green' : 'volcano'}>
            {a.restored ? t('bigscreen.restored') : t('bigscreen.notRestored')}
          </Tag>
        </li>
      ))}
    </ol>
  );
}

/** Device list: a page of the caller's devices with their live values, followed on the socket. */
export function DevicesTab({ refreshMs }: { refreshMs: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['iot', 'bigscreen', 'devices', page],
    queryFn: ({ signal }) => listDevices({ page, size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  const rows = list.data?.list ?? [];
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const { values, latest } = useDeviceValues(ids);
  const pointsOf = (id: number) => latest.find((l) => l?.deviceId === id)?.points.slice(0, 4) ?? [];
  return (
    <ConfigProvider
      theme={{
        token: { fontSize: 18 },
        components: { Table: { headerBg: 'rgba(12, 38, 84, 0.85)', rowHoverBg: 'rgba(29, 79, 145, 0.35)' } },
      }}
    >
      <Table<DeviceRow>
        data-testid="bigscreen-devices"
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('bigscreen.noDevices')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: t('bigscreen.device'), dataIndex: 'name', width: 260 },
          { title: 'SN', dataIndex: 'sn', width: 260 },
          { title: t('bigscreen.project'), dataIndex: 'projectName', width: 220, render: (v) => v ?? '—' },
          {
            title: t('bigscreen.status'),
            dataIndex: 'status',
            width: 120,
            render: (s: DeviceRow['status']) => (
              <span style={{ color: STATUS_COLOURS[s] ?? WALL.dim }}>● {t(`devices.status.${s}`)}</span>
            ),
          },
          {
            title: t('bigscreen.values'),
            key: 'values',
            render: (_, row) => (
              <span data-testid={`bigscreen-values-${row.id}`} style={{ display: 'flex', gap: 20, flexWrap: 'wrap' }}>
                {pointsOf(row.id).map((p) => {
                  const value = values.get(readingKey(row.id, p.pointId));
                  return (
                    <span key={p.pointId} style={{ whiteSpace: 'nowrap' }}>
                      <span style={{ color: WALL.dim }}>{p.name} </span>
                      <span style={{ color: '#fff', fontVariantNumeric: 'tabular-nums' }}>
                        {value === null || value === undefined ? '—' : String(value)}
                        {p.unit ? ` ${p.unit}` : ''}
                      </span>
                    </span>
                  );
                })}
              </span>
            ),
          },
        ]}
      />
    </ConfigProvider>
  );
}
