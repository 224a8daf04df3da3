import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TrackStop } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Flex, Radio, Select, Skeleton, Slider, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { mapSettings } from '../../map/api.ts';
import type { Range } from '../api.ts';
import { trackOf } from './api.ts';
import { type Fix, PLAYBACK_SPEEDS, type PlaybackSpeed } from './playback.ts';
import { TrackMap } from './TrackMap.tsx';

const clock = (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');
const today = (): Range => ({ from: dayjs().startOf('day').valueOf(), to: dayjs().endOf('day').valueOf() });

/** Plays a track: `at` runs from its first to its last time at `speed` track-seconds per second. */
function usePlayback(points: readonly Fix[]) {
  const first = points[0]?.[0] ?? 0;
  const last = points[points.length - 1]?.[0] ?? 0;
  const [at, setAt] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(600);
  const frame = useRef(0);
  // Another track starts stopped, at its beginning.
  const [shown, setShown] = useState(points);
  if (shown !== points) {
    setShown(points);
    setAt(null);
    setPlaying(false);
  }
  useEffect(() => {
    if (!playing) return;
    let before = performance.now();
    const step = (now: number) => {
      const dt = now - before;
      before = now;
      let ended = false;
      setAt((current) => {
        const next = Math.min(last, (current ?? first) + dt * speed);
        ended = next >= last;
        return next;
      });
      if (ended) setPlaying(false);
      else frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [playing, speed, first, last]);
  const toggle = () => {
    if (!playing && (at === null || at >= last)) setAt(first);
    setPlaying(!playing);
  };
  return { at, setAt, playing, toggle, speed, setSpeed, first, last };
}

/**
 * Positioning Track of one device: its location point over a day or a range on the map, with
 * distance, speeds and stops, and a playback that moves a marker along it.
 */
export function TrackPanel({ deviceId, initialRange }: { deviceId: number; initialRange?: Range }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(() => initialRange ?? today());
  const [pointId, setPointId] = useState<number | null>(null);
  const settings = useQuery({
    queryKey: ['iot', 'map', 'settings'],
    queryFn: ({ signal }) => mapSettings(signal),
    staleTime: Infinity,
  });
  const track = useQuery({
    queryKey: ['iot', 'history', 'track', deviceId, pointId, range],
    queryFn: ({ signal }) => trackOf(deviceId, pointId, range, signal),
    meta: { silentError: true },
  });
  const points = useMemo(() => (track.data?.points ?? []) as Fix[], [track.data]);
  const stops = track.data?.stops ?? [];
  const play = usePlayback(points);
  const labels = useMemo(
    () => ({
      start: t('data.track.start'),
      end: t('data.track.end'),
      stop: (s: TrackStop) =>
        t('data.track.stopAt', { from: clock(s.from), minutes: Math.round((s.to - s.from) / 60_000) }),
    }),
    [t],
  );
  const failed = track.error ?? settings.error;
  const data = track.data;

  return (
    <Flex vertical gap={12} data-testid="track-panel">
      <Flex gap={12} wrap align="center">
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) setRange({ from: dates[0].valueOf(), to: dates[1].valueOf() });
          }}
          data-testid="track-range"
        />
        {data && data.locationPoints.length > 1 && (
          <Select
            style={{ width: 180 }}
            value={data.pointId}
            onChange={setPointId}
            options={data.locationPoints.map((p) => ({ value: p.id, label: p.name }))}
          />
        )}
      </Flex>
      {failed ? (
        <LoadFailed
          error={failed}
          retrying={track.isFetching || settings.isFetching}
          onRetry={() => {
            void settings.refetch();
            void track.refetch();
          }}
        />
      ) : !data || !settings.data ? (
        <Skeleton active />
      ) : data.locationPoints.length === 0 ? (
        <Empty data-testid="track-no-point" description={t('data.track.noPoint')} />
      ) : (
        <>
          <Flex gap={32} wrap data-testid="track-figures">
            <Statistic title={t('data.track.positions')} value={data.total} />
            <Statistic title={t('data.track.distance')} value={(data.distanceM / 1000).toFixed(2)} suffix="km" />
            <Statistic title={t('data.track.maxSpeed')} value={data.maxSpeedKmh} suffix="km/h" />
            <Statistic title={t('data.track.movingSpeed')} value={data.movingSpeedKmh} suffix="km/h" />
            <Statistic title={t('data.track.stops')} value={data.stops.length} />
          </Flex>
          {data.simplified && (
            <Alert
              type="info"
              showIcon
              title={t('data.track.simplified', { drawn: data.points.length, total: data.total })}
            />
          )}
          {data.total === 0 ? (
            <Empty data-testid="track-empty" description={t('data.track.empty')} />
          ) : (
            <>
              <TrackMap settings={settings.data} points={points} stops={stops} at={play.at} labels={labels} />
              <Flex gap={12} align="center" wrap>
                <Button
                  type="primary"
                  icon={play.playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                  onClick={play.toggle}
                  data-testid="track-play"
                >
                  {play.playing ? t('data.track.pause') : t('data.track.play')}
                </Button>
                <Radio.Group
                  optionType="button"
                  size="small"
                  value={play.speed}
                  onChange={(event) => play.setSpeed(event.target.value as PlaybackSpeed)}
                  options={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: t(`data.track.speeds.${s}`) }))}
                />
                <Slider
                  style={{ flex: 1, minWidth: 200 }}
                  min={play.first}
                  max={play.last}
                  value={play.at ?? play.first}
                  onChange={(value) => play.setAt(value)}
                  tooltip={{ formatter: (value) => (value === undefined ? '' : clock(value)) }}
                />
                <span data-testid="track-at">{clock(play.at ?? play.first)}</span>
              </Flex>
              {stops.length > 0 && (
                <Card size="small" title={t('data.track.stops')}>
                  <Table<TrackStop>
                    size="small"
                    rowKey="from"
                    pagination={false}
                    dataSource={stops}
                    data-testid="track-stops"
                    columns={[
                      { title: t('data.track.from'), key: 'from', render: (_v, s) => clock(s.from) },
                      { title: t('data.track.to'), key: 'to', render: (_v, s) => clock(s.to) },
                      {
                        title: t('data.track.minutes'),
                        key: 'minutes',
                        render: (_v, s) => Math.round((s.to - s.from) / 60_000),
                      },
                      {
                        title: t('data.track.place'),
                        key: 'place',
                        render: (_v, s) => `${s.lat.toFixed(5)}, ${s.lng.toFixed(5)}`,
                      },
                    ]}
                  />
                </Card>
              )}
            </>
          )}
        </>
      )}
    </Flex>
  );
}
