import type { StreamKind } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { HlsPlayer } from '../../shared/video/HlsPlayer.tsx';
import { WhepPlayer } from '../../shared/video/WhepPlayer.tsx';
import { endCameraSession, offerToCamera, watchCamera } from './api.ts';

/**
 * One camera's live video in the Video Monitor: restreamed HLS (decision 0112), or a WebRTC camera
 * played by the browser through the server's WHEP signalling (decision 0159).
 */
export function LiveView({ cameraId, kind }: { cameraId: number; kind: StreamKind }) {
  const { t } = useTranslation();
  const strings = {
    opening: t('video.opening'),
    lost: t('video.lost'),
    noHls: t('video.noHls'),
    retry: t('video.retry'),
    connectionFailed: t('video.connectionFailed'),
  };
  if (kind === 'webrtc') {
    const signal = {
      offer: (sdp: string) => offerToCamera(cameraId, sdp),
      end: (session: string) => endCameraSession(cameraId, session),
    };
    return <WhepPlayer testId={cameraId} signal={signal} strings={strings} />;
  }
  return <HlsPlayer testId={cameraId} open={() => watchCamera(cameraId)} strings={strings} />;
}
