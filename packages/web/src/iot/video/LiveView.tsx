import { Button, Flex, Spin, Typography } from 'antd';
import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';
import { deviceId } from '../../shared/request.ts';
import { getToken } from '../../shared/session.ts';
import { watchCamera } from './api.ts';

type State = { kind: 'opening' } | { kind: 'playing' } | { kind: 'failed'; text: string };

/** The server's sentence in a refused playlist or segment (the API envelope), if it sent one. */
function messageOf(details: unknown): string | null {
  const text = details instanceof XMLHttpRequest ? details.responseText : null;
  try {
    const body = text ? (JSON.parse(text) as { message?: unknown }) : null;
    return typeof body?.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * One camera's live video: the server restreams it to HLS (decision 0112) and hls.js plays it,
 * the token in a header as every API call carries it. A camera that cannot be played, or stops,
 * shows the server's reason and a button to open it again.
 */
export function LiveView({ cameraId }: { cameraId: number }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` opens the camera again.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let hls: Hls | null = null;
    let gone = false;
    setState({ kind: 'opening' });
    const fail = (text: string) => {
      if (!gone) setState({ kind: 'failed', text });
      hls?.destroy();
    };
    watchCamera(cameraId).then(
      ({ playlist }) => {
        if (gone) return;
        if (!Hls.isSupported()) return fail(t('video.noHls'));
        hls = new Hls({
          liveSyncDurationCount: 2,
          // The page's content security policy allows no blob: workers; 320x240 to a few 1080p views transmux fine on the page.
          enableWorker: false,
          xhrSetup: (xhr) => {
            const token = getToken();
            if (token) xhr.setRequestHeader('X-Authorization', token);
            xhr.setRequestHeader('X-Device-Id', deviceId());
            xhr.setRequestHeader('Accept-Language', currentLang());
          },
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          // A 502 (playlist or segment) is the server reading ffmpeg's exit: no retry will mend it.
          const status = data.networkDetails instanceof XMLHttpRequest ? data.networkDetails.status : 0;
          if (data.fatal || status === 502) fail(messageOf(data.networkDetails) ?? t('video.lost'));
        });
        hls.loadSource(playlist);
        hls.attachMedia(element);
        element.addEventListener('playing', () => !gone && setState({ kind: 'playing' }), { once: true });
        element.play().catch(() => undefined);
      },
      (error: unknown) => {
        const reaction = describeError(error, currentLang());
        fail(reaction.kind === 'show' ? reaction.text : t('video.lost'));
      },
    );
    return () => {
      gone = true;
      hls?.destroy();
    };
  }, [cameraId, attempt, t]);
  return (
    <div className="live-view" data-testid={`live-${cameraId}`} data-state={state.kind}>
      <video ref={video} muted playsInline autoPlay data-testid={`video-${cameraId}`} />
      {state.kind === 'opening' && (
        <Flex className="live-view-over" align="center" justify="center" gap={8}>
          <Spin size="small" />
          <Typography.Text style={{ color: '#fff' }}>{t('video.opening')}</Typography.Text>
        </Flex>
      )}
      {state.kind === 'failed' && (
        <Flex className="live-view-over" vertical align="center" justify="center" gap={8}>
          <Typography.Text style={{ color: '#fff', textAlign: 'center' }} data-testid={`live-error-${cameraId}`}>
            {state.text}
          </Typography.Text>
          <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('video.retry')}
          </Button>
        </Flex>
      )}
    </div>
  );
}
