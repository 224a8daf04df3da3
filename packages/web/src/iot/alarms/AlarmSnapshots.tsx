import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Image, Skeleton, Tooltip, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';
import { deviceId } from '../../shared/request.ts';
import { getToken } from '../../shared/session.ts';
import type { AlarmView } from './api.ts';

type Snapshot = AlarmView['snapshots'][number];
const WIDTH = 96;
const HEIGHT = 72;

/** The picture's bytes: it is protected and the session travels in a header, so it is fetched, not linked. */
async function snapshotBlob(address: string, signal: AbortSignal): Promise<Blob> {
  const token = getToken();
  const headers: Record<string, string> = { 'X-Device-Id': deviceId(), 'Accept-Language': currentLang() };
  if (token) headers['X-Authorization'] = token;
  const response = await fetch(address, { headers, signal });
  if (!response.ok) throw new ApiError({ code: response.status, message: '', httpStatus: response.status });
  return response.blob();
}

/** One taken snapshot as a thumbnail that opens full size; a placeholder while it loads. */
function TakenSnapshot({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['iot', 'alarm-snapshot', snapshot.image],
    queryFn: ({ signal }) => snapshotBlob(snapshot.image ?? '', signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  const address = useMemo(() => (image.data ? URL.createObjectURL(image.data) : undefined), [image.data]);
  useEffect(() => () => (address ? URL.revokeObjectURL(address) : undefined), [address]);
  if (image.isError)
    return (
      <Tooltip title={t('alarms.snapshot.unreadable')}>
        <PictureOutlined style={{ fontSize: 24, color: '#bbb' }} aria-label={t('alarms.snapshot.unreadable')} />
      </Tooltip>
    );
  if (!address) return <Skeleton.Image active style={{ width: WIDTH, height: HEIGHT }} />;
  return (
    <Image
      src={address}
      width={WIDTH}
      height={HEIGHT}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      alt={t('alarms.snapshot.alt', { camera: snapshot.cameraName })}
      data-testid="alarm-snapshot-image"
    />
  );
}

/** The bound cameras' snapshots of an alarm (decision 0122): the picture, "taking…", or why there is none. */
export function AlarmSnapshots({ alarm }: { alarm: AlarmView }) {
  const { t } = useTranslation();
  if (alarm.snapshots.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={6} data-testid={`alarm-snapshots-${alarm.id}`}>
      {alarm.snapshots.map((s) => (
        <Flex vertical gap={2} key={s.cameraId}>
          {s.state === 'taken' && s.image !== null && <TakenSnapshot snapshot={s} />}
          {s.state === 'pending' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('alarms.snapshot.pending')}
            </Typography.Text>
          )}
          {s.reason && (
            <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 200 }}>
              {s.reason}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.cameraName}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
