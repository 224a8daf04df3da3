import { FullscreenOutlined } from '@ant-design/icons';
import { MONITOR_GRIDS } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Segmented, Select, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { type CameraView, listCameras } from './api.ts';
import { DeviceValues } from './DeviceValues.tsx';
import { LiveView } from './LiveView.tsx';
import './strings.ts';
import './video.css';

type Grid = (typeof MONITOR_GRIDS)[number];
const MOST = 100;

/** Video Monitor: 1, 4, 9 or 16 live views, each with its camera's devices' live values beside it. */
export function MonitorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wall = useRef<HTMLDivElement>(null);
  const [grid, setGrid] = useState<Grid>(4);
  const [chosen, setChosen] = useState<Record<number, number | null>>({});
  const cameras = useQuery({
    queryKey: ['iot', 'cameras', 'monitor'],
    queryFn: ({ signal }) => listCameras({ page: 1, size: MOST }, signal),
  });
  if (cameras.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (cameras.isError)
    return <LoadFailed error={cameras.error} onRetry={() => cameras.refetch()} retrying={cameras.isFetching} />;
  const list = cameras.data?.list ?? [];
  // The camera asked for in the address first, then the others in the list's order.
  const first = Number(params.get('camera')) || null;
  const ordered = [...list.filter((c) => c.id === first), ...list.filter((c) => c.id !== first)];
  const cameraAt = (slot: number): CameraView | undefined => {
    const id = slot in chosen ? chosen[slot] : ordered[slot]?.id;
    return list.find((c) => c.id === id);
  };
  return (
    <Card
      data-testid="monitor-page"
      title={t('menu.video.monitor')}
      extra={
        <Flex gap={8} wrap>
          <Segmented<Grid>
            value={grid}
            onChange={setGrid}
            options={MONITOR_GRIDS.map((n) => ({ value: n, label: t('video.gridOf', { count: n }) }))}
            data-testid="monitor-grid"
          />
          <Button icon={<FullscreenOutlined />} onClick={() => wall.current?.requestFullscreen()}>
            {t('video.fullScreen')}
          </Button>
        </Flex>
      }
    >
      {list.length === 0 ? (
        <Empty description={t('video.noCameras')}>
          <Link to="/video/cameras">
            <Button type="primary">{t('video.addFirst')}</Button>
          </Link>
        </Empty>
      ) : (
        <div ref={wall} className={`monitor-wall monitor-wall-${grid}`} data-testid="monitor-wall">
          {Array.from({ length: grid }, (_, slot) => {
            const camera = cameraAt(slot);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a view is its place in the grid.
              <div className="monitor-cell" key={slot} data-testid={`monitor-cell-${slot}`}>
                <Select<number>
                  size="small"
                  allowClear
                  className="monitor-pick"
                  placeholder={t('video.pickCamera')}
                  value={camera?.id}
                  onChange={(id) => setChosen((c) => ({ ...c, [slot]: id ?? null }))}
                  options={list.map((c) => ({ value: c.id, label: c.name }))}
                />
                {camera ? (
                  <div className="monitor-view">
                    <LiveView key={camera.id} cameraId={camera.id} kind={camera.kind} />
                    <DeviceValues devices={camera.devices} />
                  </div>
                ) : (
                  <div className="monitor-idle">{t('video.emptyView')}</div>
                )}
              </div>
            );
          })}
        </div>
      )}
    </Card>
  );
}
