import type { PushState, WarningState } from '@meridian/contracts';

/** The buttons of one warning's page: the workflow's steps and adding a record. */
export type WarningButton = 'setup' | 'publish' | 'record' | 'solve' | 'handover' | 'cancel' | 'retry' | 'relevel';

/** What the role may do on warnings (`/data/intervene` codes). */
export interface WarningRights {
  assign: boolean;
  edit: boolean;
  add: boolean;
}

const OPEN: readonly WarningState[] = ['new', 'setUp', 'published', 'intervening', 'handedOver'];

/**
 * The states each button may start from, the server's table (decision 0033) seen from the page:
 * hand-over covers both a person (set up to intervening) and the higher level (new to intervening).
 */
const FROM: Record<WarningButton, readonly WarningState[]> = {
  setup: ['new', 'setUp', 'handedOver'],
  publish: ['setUp'],
  record: ['published', 'intervening', 'handedOver'],
  solve: ['published', 'intervening', 'handedOver'],
  handover: ['new', 'setUp', 'published', 'intervening'],
  cancel: OPEN,
  retry: ['published', 'intervening', 'handedOver'],
  relevel: OPEN,
};

/** Setting up, publishing and cancelling assign the work; the rest handle it. */
const NEEDS: Record<WarningButton, keyof WarningRights> = {
  setup: 'assign',
  publish: 'assign',
  record: 'add',
  solve: 'edit',
  handover: 'edit',
  cancel: 'assign',
  retry: 'edit',
  relevel: 'edit',
};

const ORDER: readonly WarningButton[] = [
  'setup',
  'publish',
  'record',
  'solve',
  'handover',
  'relevel',
  'retry',
  'cancel',
];

/**
 * Where a warning in `state` may be handed: to another teacher (a handler's step, once set up) or
 * to the higher level (an assigner's step, `escalate`, from new to intervening).
 */
export function handoverTargets(state: WarningState, rights: WarningRights): ('person' | 'higher')[] {
  const targets: ('person' | 'higher')[] = [];
  if (rights.edit && ['setUp', 'published', 'intervening'].includes(state)) targets.push('person');
  if (rights.assign && ['new', 'setUp', 'published', 'intervening'].includes(state)) targets.push('higher');
  return targets;
}

/**
 * The buttons a warning in `state` shows to a role with `rights`. Retry is offered only when a
 * notice failed, as the server refuses it otherwise. The server still decides (a handler check).
 */
export function buttonsFor(state: WarningState, pushState: PushState, rights: WarningRights): WarningButton[] {
  return ORDER.filter((button) => {
    if (button === 'handover') return handoverTargets(state, rights).length > 0;
    return FROM[button].includes(state) && rights[NEEDS[button]] && (button !== 'retry' || pushState === 'failed');
  });
}

/** Whether the warning is still being worked on. */
export const isOpen = (state: WarningState) => OPEN.includes(state);
