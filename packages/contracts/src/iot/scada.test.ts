import { describe, expect, it } from 'vitest';
import { SCADA_KINDS, scadaElement } from './scada.ts';

const base = { id: 'e', x: 0, y: 0, width: 60, height: 60, rotation: 0 };
const problems = (input: Record<string, unknown>) => {
  const parsed = scadaElement.safeParse({ ...base, ...input });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the industrial palette (decision 0126)', () => {
  it('takes every kind of the palette with its defaults, and refuses a kind it does not know', () => {
    for (const kind of ['motor', 'fan', 'gauge', 'trend', 'bar', 'image', 'line', 'rectangle', 'ellipse']) {
      expect(SCADA_KINDS).toContain(kind);
      expect(scadaElement.parse({ ...base, kind })).toMatchObject({ kind, speed: null, picture: null, samples: 60 });
    }
    expect(problems({ kind: 'turbine' })).toEqual(['kind: v.scada.kind']);
  });

  it('takes a speed rule whose range goes up, with speeds from 0 to 10 times the normal', () => {
    const speed = { from: 0, to: 80, slowest: 0.5, fastest: 3 };
    expect(scadaElement.parse({ ...base, kind: 'pump', speed }).speed).toEqual(speed);
    expect(problems({ kind: 'pump', speed: { ...speed, to: 0 } })).toEqual(['speed.to: v.scada.speedRange']);
    expect(problems({ kind: 'fan', speed: { ...speed, to: 0, from: 0 } })).toEqual(['speed.to: v.scada.speedRange']);
    expect(problems({ kind: 'fan', speed: { ...speed, fastest: 11 } })).toHaveLength(1);
    expect(problems({ kind: 'fan', speed: { ...speed, slowest: -1 } })).toHaveLength(1);
  });

  it('keeps a trend to 2 to 600 values, and an image’s picture to a path', () => {
    expect(problems({ kind: 'trend', samples: 1 })).toEqual(['samples: v.scada.samples']);
    expect(problems({ kind: 'trend', samples: 601 })).toEqual(['samples: v.scada.samples']);
    expect(problems({ kind: 'trend', samples: 12.5 })).toHaveLength(1);
    expect(problems({ kind: 'image', picture: '' })).toHaveLength(1);
    expect(problems({ kind: 'image', picture: 'x'.repeat(501) })).toHaveLength(1);
    expect(scadaElement.parse({ ...base, kind: 'image', picture: '/files/a.png' }).picture).toBe('/files/a.png');
  });
});
