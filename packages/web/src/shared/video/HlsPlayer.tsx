import { Button, Flex, Spin, Typography } from 'antd';
import Hls from 'hls.js';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { describeError } from '../errors.ts';
import { currentLang } from '../i18n.ts';
import { deviceId } from '../request.ts';
import { getToken } from '../session.ts';
import './video.css';

/** Where a live view is: opening, playing, or failed with the reason in words. */
export type LiveState = { kind: 'opening' } | { kind: 'playing' } | { kind: 'failed'; text: string };

/** What opening a video answers: the playlist to play, and how to end this viewing when the player goes. */
export interface OpenedVideo {
  playlist: string;
  close?: () => void;
}

/** The player's words, in the language of the page that shows it. */
export interface PlayerStrings {
  opening: string;
  lost: string;
  noHls: string;
  retry: string;
}

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
 * A camera's video restreamed to HLS by the server (decisions 0112 and 0133), played by hls.js with
 * the token in a header as every API call carries it. A video that cannot be played, or stops,
 * shows the server's reason and a button to open it again. Shared by Device Cloud's Video Monitor
 * and Mind's campus video playback.
 */
export function HlsPlayer({
  testId,
  open,
  strings,
}: {
  testId: string | number;
  open: () => Promise<OpenedVideo>;
  strings: PlayerStrings;
}) {
  const { video, state, setState, attempt, retry } = useLiveView();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` opens the video again; `open` is the caller's, read once per attempt.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let hls: Hls | null = null;
    let close: (() => void) | undefined;
    let gone = false;
    setState({ kind: 'opening' });
    const fail = (text: string) => {
      if (!gone) setState({ kind: 'failed', text });
      hls?.destroy();
    };
    open().then(
      (opened) => {
        close = opened.close;
        if (gone) return close?.();
        if (!Hls.isSupported()) return fail(strings.noHls);
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
          if (data.fatal || status === 502) fail(messageOf(data.networkDetails) ?? strings.lost);
        });
        hls.loadSource(opened.playlist);
        hls.attachMedia(element);
        element.addEventListener('playing', () => !gone && setState({ kind: 'playing' }), { once: true });
        element.play().catch(() => undefined);
      },
      (error: unknown) => {
        const reaction = describeError(error, currentLang());
        fail(reaction.kind === 'show' ? reaction.text : strings.lost);
      },
    );
    return () => {
      gone = true;
      hls?.destroy();
      close?.();
    };
  }, [testId, attempt]);
  return <LiveBox testId={testId} video={video} state={state} strings={strings} retry={retry} />;
}

/** A live view's `<video>`, where it is, and its attempt: `retry` starts another, which opens the video again. */
export function useLiveView() {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<LiveState>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);
  return { video, state, setState, attempt, retry: () => setAttempt((n) => n + 1) };
}

/**
 * A live view's box: the `<video>`, and words over it while opening or failed with a button to open it again.
 * Shared by the HLS player and the WebRTC (WHEP) player.
 */
export function LiveBox({
  testId,
  video,
  state,
  strings,
  retry,
}: {
  testId: string | number;
  video: RefObject<HTMLVideoElement | null>;
  state: LiveState;
  strings: Pick<PlayerStrings, 'opening' | 'retry'>;
  retry: () => void;
}) {
  return (
    <div className="live-view" data-testid={`live-${testId}`} data-state={state.kind}>
      <video ref={video} muted playsInline autoPlay data-testid={`video-${testId}`} />
      {state.kind === 'opening' && (
        <Flex className="live-view-over" align="center" justify="center" gap={8}>
          <Spin size="small" />
          <Typography.Text style={{ color: '#fff' }}>{strings.opening}</Typography.Text>
        </Flex>
      )}
      {state.kind === 'failed' && (
        <Flex className="live-view-over" vertical align="center" justify="center" gap={8}>
          <Typography.Text style={{ color: '#fff', textAlign: 'center' }} data-testid={`live-error-${testId}`}>
            {state.text}
          </Typography.Text>
          <Button size="small" onClick={retry}>
            {strings.retry}
          </Button>
        </Flex>
      )}
    </div>
  );
}
