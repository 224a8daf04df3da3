import { type CampusPlaybackMode, RECORDED_AFTER_MS, RECORDED_BEFORE_MS } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Row,
  Segmented,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { SchoolSelect } from '../../../shared/people/SchoolSelect.tsx';
import { HlsPlayer, type OpenedVideo } from '../../../shared/video/HlsPlayer.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { alertDetail, type CampusPlayback, playableCameras, startPlayback, stopPlayback } from './api.ts';
import { Snapshot } from './Snapshot.tsx';
import './strings.ts';

/** What is played: a camera picked here, or the camera of the alert the page was opened from. */
type Target = { deviceId: number } | { alertId: number };

/** An instant with its seconds, as the range of a recording is shown. */
const clock = (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

/** The recorded window around an instant, as the server plays it (decision 0147). */
function rangeAround(at: number): { from: number; to: number } {
  const from = Math.floor((at - RECORDED_BEFORE_MS) / 1000) * 1000;
  return { from, to: from + RECORDED_BEFORE_MS + RECORDED_AFTER_MS };
}

/** A positive id from the address (`?alertId=12`), or undefined. */
function idParam(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * `/data/hk`: video playback of campus cameras (decisions 0133 and 0147). Pick a school's camera, or
 * arrive from a behaviour alert, and play the camera's live picture, or the recording around the
 * event (or a chosen time) from its recorder, restreamed to HLS; stop it. Beside the video, the
 * alert's snapshot and time. Every start and stop is audited by the server.
 */
export function HkPage() {
  const { t } = useTranslation();
  const can = useCan('/data/hk');
  return (
    <ViewGuard may={can('view')} testId="hk-page" refusal={t('campus.hk.noAccess')}>
      <Playback />
    </ViewGuard>
  );
}

function Playback() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const alertId = idParam(search.get('alertId'));
  const [schoolId, setSchoolId] = useState<number>();
  const [deviceId, setDeviceId] = useState<number>();
  const [playing, setPlaying] = useState(alertId !== undefined);
  const [playback, setPlayback] = useState<CampusPlayback | null>(null);
  const [chosenMode, setChosenMode] = useState<CampusPlaybackMode>();
  const [at, setAt] = useState<Dayjs | null>(null);
  const cameras = useQuery({
    queryKey: ['campus', 'playable', schoolId],
    queryFn: ({ signal }) => playableCameras(schoolId, signal),
    enabled: alertId === undefined,
    meta: { silentError: true },
  });
  const alert = useQuery({
    queryKey: ['campus', 'alert', alertId],
    queryFn: ({ signal }) => alertDetail(alertId ?? 0, signal),
    enabled: alertId !== undefined,
    meta: { silentError: true },
  });
  const event = alert.data ?? null;
  // The camera being played, else the one picked or the alert's, before it plays.
  const picked = cameras.data?.find((c) => c.id === deviceId);
  // What the camera offers: its live picture, its recording, or (not known yet) both.
  const offers = event ? event.video : picked ? { live: picked.live, recorded: picked.recorded } : null;
  // From an alert whose camera has a recorder, the recording around the event comes first.
  const mode: CampusPlaybackMode =
    offers && !offers.recorded
      ? 'live'
      : offers && !offers.live
        ? 'recorded'
        : (chosenMode ?? (alertId !== undefined && offers?.recorded ? 'recorded' : 'live'));
  const aroundAt = event ? event.occurredAt : at ? at.valueOf() : null;
  const range = playback?.range ?? (mode === 'recorded' && aroundAt !== null ? rangeAround(aroundAt) : null);
  const base: Target | null = alertId !== undefined ? { alertId } : deviceId !== undefined ? { deviceId } : null;
  const target =
    base && mode === 'recorded'
      ? 'deviceId' in base
        ? at
          ? { ...base, mode, at: at.valueOf() }
          : null
        : { ...base, mode }
      : base && { ...base, mode };
  const targetKey = target ? JSON.stringify(target) : '';
  const strings = useMemo(
    () => ({
      opening: t('campus.hk.opening'),
      lost: t('campus.hk.lost'),
      noHls: t('campus.hk.noHls'),
      retry: t('campus.hk.retry'),
    }),
    [t],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target's key stands for the target.
  const open = useCallback(async (): Promise<OpenedVideo> => {
    if (!target) throw new Error('no camera');
    const started = await startPlayback(target);
    setPlayback(started);
    return {
      playlist: started.playlist,
      // The playback ends with the player: the Stop button, another camera, or leaving the page.
      close: () =>
        void stopPlayback({
          deviceId: started.deviceId,
          playbackId: started.playbackId,
          ...(started.range ? { from: started.range.from } : {}),
        }).catch(() => {}),
    };
  }, [targetKey]);
  const stop = () => {
    setPlaying(false);
    setPlayback(null);
    message.info(t('campus.hk.stopped'));
  };
  const replay = () => {
    setPlaying(false);
    setPlayback(null);
  };
  const title = playback
    ? `${playback.deviceName} · ${playback.location}`
    : picked
      ? `${picked.name} · ${picked.location}`
      : event
        ? `${event.deviceName} · ${event.location}`
        : undefined;
  return (
    <Flex vertical gap={16} data-testid="hk-page">
      <Card>
        <Flex wrap gap={12} align="center">
          {alertId === undefined ? (
            <>
              <SchoolSelect
                testId="hk-school"
                style={{ width: 220 }}
                value={schoolId}
                onChange={(next) => {
                  setSchoolId(next);
                  setDeviceId(undefined);
                  setPlaying(false);
                }}
              />
              <Select<number>
                style={{ width: 300 }}
                data-testid="hk-camera"
                placeholder={t('campus.hk.pickCamera')}
                loading={cameras.isPending}
                value={deviceId}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(next) => {
                  setDeviceId(next);
                  replay();
                }}
                options={(cameras.data ?? []).map((c) => ({
                  value: c.id,
                  label: `${c.name} · ${c.location}（${c.schoolName}）`,
                }))}
              />
            </>
          ) : (
            <>
              <Tag color="volcano">{t('campus.hk.fromAlert')}</Tag>
              <Button onClick={() => navigate('/data/hk')} data-testid="hk-pick-other">
                {t('campus.hk.pickOther')}
              </Button>
            </>
          )}
          <Segmented<CampusPlaybackMode>
            data-testid="hk-mode"
            value={mode}
            onChange={(next) => {
              setChosenMode(next);
              replay();
            }}
            options={[
              { value: 'live', label: t('campus.hk.live'), disabled: offers?.live === false },
              { value: 'recorded', label: t('campus.hk.recorded'), disabled: offers?.recorded === false },
            ]}
          />
          {mode === 'recorded' && alertId === undefined && (
            <DatePicker
              showTime
              data-testid="hk-at"
              placeholder={t('campus.hk.pickTime')}
              value={at}
              disabledDate={(d) => d.isAfter(dayjs())}
              onChange={(next) => {
                setAt(next);
                replay();
              }}
            />
          )}
          {playing ? (
            <Button danger onClick={stop} data-testid="hk-stop">
              {t('campus.hk.stop')}
            </Button>
          ) : (
            <Button type="primary" disabled={!target} onClick={() => setPlaying(true)} data-testid="hk-play">
              {t('campus.hk.play')}
            </Button>
          )}
        </Flex>
        {cameras.isError && (
          <LoadFailed error={cameras.error} onRetry={() => void cameras.refetch()} retrying={cameras.isFetching} />
        )}
        {alertId === undefined && cameras.data?.length === 0 && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('campus.hk.noCameras')}
            data-testid="hk-no-cameras"
          />
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card
            title={title ?? t('campus.hk.camera')}
            extra={
              playing &&
              (mode === 'recorded' ? (
                <Tag color="blue">{t('campus.hk.recording')}</Tag>
              ) : (
                <Tag color="red">{t('campus.hk.live')}</Tag>
              ))
            }
          >
            {range && (
              <Typography.Paragraph strong data-testid="hk-range">
                {t('campus.hk.range', { from: clock(range.from), to: clock(range.to) })}
              </Typography.Paragraph>
            )}
            {playing && target ? (
              <HlsPlayer key={targetKey} testId="hk" open={open} strings={strings} />
            ) : (
              <div className="live-view" data-testid="hk-idle">
                <Flex className="live-view-over" align="center" justify="center">
                  <Typography.Text style={{ color: '#fff' }}>
                    {target ? t('campus.hk.stopped') : t('campus.hk.pickCamera')}
                  </Typography.Text>
                </Flex>
              </div>
            )}
            {offers?.recorded === false && (
              <Alert
                style={{ marginTop: 12 }}
                type="warning"
                showIcon
                title={t('campus.hk.noRecorder')}
                data-testid="hk-no-recorder"
              />
            )}
            {offers?.live === false && (
              <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('campus.hk.noLive')} />
            )}
            <Alert
              style={{ marginTop: 12 }}
              type="info"
              showIcon
              title={mode === 'recorded' ? t('campus.hk.rangeHint') : t('campus.hk.liveNote')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title={t('campus.hk.event')} data-testid="hk-event">
            {alert.isPending && alertId !== undefined && <Skeleton active paragraph={{ rows: 4 }} />}
            {alert.isError && (
              <LoadFailed error={alert.error} onRetry={() => void alert.refetch()} retrying={alert.isFetching} />
            )}
            {event ? (
              <Flex vertical gap={12}>
                <Snapshot path={event.snapshot} width={320} />
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('campus.type')}>
                    <Typography.Text strong data-testid="hk-event-type">
                      {t(`campus.types.${event.type}`)}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('campus.hk.eventTime')}>
                    <span data-testid="hk-event-time">{timeText(event.occurredAt)}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('campus.school')}>{event.schoolName}</Descriptions.Item>
                  <Descriptions.Item label={t('campus.place')}>{event.location}</Descriptions.Item>
                  <Descriptions.Item label={t('campus.camera')}>{event.deviceName}</Descriptions.Item>
                </Descriptions>
              </Flex>
            ) : (
              alertId === undefined && <Typography.Text type="secondary">{t('campus.hk.noEvent')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
