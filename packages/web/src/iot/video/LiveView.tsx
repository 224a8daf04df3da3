import { useTranslation } from 'react-i18next';
import { HlsPlayer } from '../../shared/video/HlsPlayer.tsx';
import { watchCamera } from './api.ts';

/** One camera's live video in the Video Monitor (decision 0112). */
export function LiveView({ cameraId }: { cameraId: number }) {
  const { t } = useTranslation();
  const strings = {
    opening: t('video.opening'),
    lost: t('video.lost'),
    noHls: t('video.noHls'),
    retry: t('video.retry'),
  };
  return <HlsPlayer testId={cameraId} open={() => watchCamera(cameraId)} strings={strings} />;
}
