import { streamKindOf } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { withCredentials } from './api.ts';

describe('a discovered stream with the camera’s credentials', () => {
  it('puts them into the address, escaped, replacing any the camera gave', () => {
    expect(withCredentials('rtsp://192.168.1.64:554/Streaming/Channels/101', 'admin', 'p@ss:w/rd')).toBe(
      'rtsp://admin:p%40ss%3Aw%2Frd@192.168.1.64:554/Streaming/Channels/101',
    );
    expect(withCredentials('rtsp://old:x@10.0.0.2/live', 'viewer', '')).toBe('rtsp://viewer@10.0.0.2/live');
    expect(streamKindOf(withCredentials('rtsp://10.0.0.2/live', 'a b', 'c#d'))).toBe('rtsp');
  });
});
