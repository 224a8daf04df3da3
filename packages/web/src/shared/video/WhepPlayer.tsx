import { useEffect } from 'react';
import { describeError } from '../errors.ts';
import { currentLang } from '../i18n.ts';
import { LiveBox, type PlayerStrings, useLiveView } from './HlsPlayer.tsx';

/** How long the browser gathers its ICE candidates before sending the offer without the rest. */
const GATHER_MS = 3000;

/** What a WebRTC camera's signalling answers: the camera's SDP answer, and how to end the session. */
export interface WhepSignal {
  offer: (sdp: string) => Promise<{ answer: string; session: string | null }>;
  end: (session: string) => Promise<unknown>;
}

/** The player's words: the HLS player's, and the one said when the media connection fails. */
export interface WhepStrings extends Pick<PlayerStrings, 'opening' | 'lost' | 'retry'> {
  connectionFailed: string;
}

/** Resolves once the connection has gathered its candidates, or after `GATHER_MS` with those it has. */
function gathered(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * A WebRTC camera played by the browser itself (decision 0159): a receive-only RTCPeerConnection whose
 * offer the server forwards to the camera's WHEP endpoint (non-trickle: the offer carries every
 * candidate, the answer the camera's). No STUN or TURN server: the camera's candidates are reached
 * directly. A connection that fails, or a camera that refuses, shows why and a button to open it again.
 */
export function WhepPlayer({
  testId,
  signal,
  strings,
}: {
  testId: string | number;
  signal: WhepSignal;
  strings: WhepStrings;
}) {
  const { video, state, setState, attempt, retry } = useLiveView();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` opens the video again; `signal` is the caller's, read once per attempt.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let gone = false;
    let session: string | null = null;
    setState({ kind: 'opening' });
    const pc = new RTCPeerConnection();
    const fail = (text: string) => {
      if (!gone) setState({ kind: 'failed', text });
      pc.close();
    };
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addEventListener('track', (event) => {
      element.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      element.play().catch(() => undefined);
    });
    let connected = false;
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState === 'connected') connected = true;
      // Never connected: no path to the camera. Connected, then failed (~20 s without the camera's
      // answers to ICE consent checks): the camera stopped or went away.
      if (pc.connectionState === 'failed') fail(connected ? strings.lost : strings.connectionFailed);
    });
    element.addEventListener('playing', () => !gone && setState({ kind: 'playing' }), { once: true });
    (async () => {
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      if (gone) return;
      const answered = await signal.offer(pc.localDescription?.sdp ?? '');
      session = answered.session;
      if (gone) {
        if (session) signal.end(session).catch(() => undefined);
        return;
      }
      await pc.setRemoteDescription({ type: 'answer', sdp: answered.answer });
    })().catch((error: unknown) => {
      const reaction = describeError(error, currentLang());
      fail(reaction.kind === 'show' ? reaction.text : strings.lost);
    });
    return () => {
      gone = true;
      pc.close();
      element.srcObject = null;
      if (session) signal.end(session).catch(() => undefined);
    };
  }, [testId, attempt]);
  return <LiveBox testId={testId} video={video} state={state} strings={strings} retry={retry} />;
}
