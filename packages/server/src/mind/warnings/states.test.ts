import { WARNING_ACTIONS, WARNING_STATES, type WarningAction, type WarningState } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { isOpen, nextState } from './states.ts';

/** The workflow written out by hand, so that a change to the table must be made twice, on purpose. */
const EXPECTED: Record<WarningAction, Partial<Record<WarningState, WarningState>>> = {
  open: {},
  setup: { new: 'setUp', setUp: 'setUp', handedOver: 'setUp' },
  publish: { setUp: 'published' },
  intervene: { published: 'intervening', intervening: 'intervening', handedOver: 'handedOver' },
  solve: { published: 'solved', intervening: 'solved', handedOver: 'solved' },
  handover: { setUp: 'setUp', published: 'published', intervening: 'intervening' },
  escalate: { new: 'handedOver', setUp: 'handedOver', published: 'handedOver', intervening: 'handedOver' },
  cancel: {
    new: 'cancelled',
    setUp: 'cancelled',
    published: 'cancelled',
    intervening: 'cancelled',
    handedOver: 'cancelled',
  },
  retry: { published: 'published', intervening: 'intervening', handedOver: 'handedOver' },
  relevel: { new: 'new', setUp: 'setUp', published: 'published', intervening: 'intervening', handedOver: 'handedOver' },
  note: { new: 'new', setUp: 'setUp', published: 'published', intervening: 'intervening', handedOver: 'handedOver' },
};

describe('the warning workflow', () => {
  for (const action of WARNING_ACTIONS) {
    for (const state of WARNING_STATES) {
      const expected = EXPECTED[action][state] ?? null;
      it(`${action} from ${state} ${expected === null ? 'is refused' : `leads to ${expected}`}`, () => {
        expect(nextState(state, action)).toBe(expected);
      });
    }
  }

  it('leaves solved and cancelled warnings closed to every action', () => {
    for (const action of WARNING_ACTIONS) {
      expect(nextState('solved', action)).toBeNull();
      expect(nextState('cancelled', action)).toBeNull();
    }
    expect(isOpen('solved')).toBe(false);
    expect(isOpen('cancelled')).toBe(false);
    expect(isOpen('handedOver')).toBe(true);
  });
});
