import type { WarningAction, WarningState } from '@meridian/contracts';

type Moves = Partial<Record<WarningState, WarningState>>;

const OPEN: readonly WarningState[] = ['new', 'setUp', 'published', 'intervening', 'handedOver'];
const stay = (states: readonly WarningState[]): Moves => Object.fromEntries(states.map((s) => [s, s]));

/**
 * The warning workflow as data (decision 0033): for each action, the states it may start from and
 * the state it leads to. Nothing else moves a warning, so this table is the whole workflow.
 */
export const TRANSITIONS: Readonly<Record<WarningAction, Moves>> = {
  // Opening has no "from": the row is created in `new`.
  open: {},
  // Set-up names the handlers; it may be repeated before publishing, and a bureau re-assigns a handed-up warning.
  setup: { new: 'setUp', setUp: 'setUp', handedOver: 'setUp' },
  publish: { setUp: 'published' },
  // The first intervention record starts the intervention; later ones keep it there.
  intervene: { published: 'intervening', intervening: 'intervening', handedOver: 'handedOver' },
  solve: { published: 'solved', intervening: 'solved', handedOver: 'solved' },
  // Handing over to another person changes the handler, not the state.
  handover: stay(['setUp', 'published', 'intervening']),
  // Handing over to a higher level gives the warning to the bureau.
  escalate: { new: 'handedOver', setUp: 'handedOver', published: 'handedOver', intervening: 'handedOver' },
  cancel: Object.fromEntries(OPEN.map((s) => [s, 'cancelled'])),
  // Sends a failed notice again; only a published warning has one.
  retry: stay(['published', 'intervening', 'handedOver']),
  // A level may rise or fall while the warning is open.
  relevel: stay(OPEN),
  // A note for the handler (decision 0137): written by the system, never a button.
  note: stay(OPEN),
};

/** Where `action` takes a warning in `state`, or null when the workflow does not allow it. */
export function nextState(state: WarningState, action: WarningAction): WarningState | null {
  return TRANSITIONS[action][state] ?? null;
}

/** Whether a warning in `state` is still being worked on. */
export function isOpen(state: WarningState): boolean {
  return OPEN.includes(state);
}
