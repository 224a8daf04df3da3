import { PictureOutlined } from '@ant-design/icons';
import { fileUrl } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Image, Skeleton, Tooltip, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/errors.ts';
import { apiHeaders } from '../warnings/attachments.ts';

/** The snapshot's bytes: it is protected and the session travels in a header, so it is fetched, not linked. */
async function snapshotBlob(path: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(fileUrl(path), { headers: apiHeaders(), signal });
  if (!response.ok) throw new ApiError({ code: response.status, message: '', httpStatus: response.status });
  return response.blob();
}

/**
 * An alert's snapshot as a thumbnail that opens the full image when clicked; a placeholder while it
 * loads, and words when the alert has none or it cannot be read.
 */
export function Snapshot({ path, width = 96 }: { path: string | null; width?: number }) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['campus', 'snapshot', path],
    queryFn: ({ signal }) => snapshotBlob(path ?? '', signal),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  const address = useMemo(() => (image.data ? URL.createObjectURL(image.data) : undefined), [image.data]);
  useEffect(() => () => (address ? URL.revokeObjectURL(address) : undefined), [address]);
  const height = Math.round((width * 3) / 4);
  if (path === null) return <Typography.Text type="secondary">{t('campus.noSnapshot')}</Typography.Text>;
  if (image.isError)
    return (
      <Tooltip title={t('campus.snapshotFailed')}>
        <PictureOutlined style={{ fontSize: 24, color: '#bbb' }} aria-label={t('campus.snapshotFailed')} />
      </Tooltip>
    );
  if (!address) return <Skeleton.Image active style={{ width, height }} />;
  return (
    <Image
      src={address}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      alt={t('campus.snapshot')}
      data-testid="alert-snapshot"
    />
  );
}
