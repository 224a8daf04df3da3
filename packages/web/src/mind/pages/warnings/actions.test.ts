import { describe, expect, it } from 'vitest';
import { buttonsFor, handoverTargets } from './actions.ts';

const all = { assign: true, edit: true, add: true };

describe('the buttons of a warning', () => {
  it('offers set-up, hand-over, level and cancel on a new warning, but no publishing yet', () => {
    expect(buttonsFor('new', 'none', all)).toEqual(['setup', 'handover', 'relevel', 'cancel']);
  });

  it('offers publishing once the handlers are set', () => {
    expect(buttonsFor('setUp', 'none', all)).toEqual(['setup', 'publish', 'handover', 'relevel', 'cancel']);
  });

  it('offers records and solving once published, and retry only after a failed notice', () => {
    expect(buttonsFor('published', 'sent', all)).toEqual(['record', 'solve', 'handover', 'relevel', 'cancel']);
    expect(buttonsFor('intervening', 'failed', all)).toContain('retry');
  });

  it('lets the bureau set up a handed-up warning again, but not hand it over', () => {
    expect(buttonsFor('handedOver', 'sent', all)).toEqual(['setup', 'record', 'solve', 'relevel', 'cancel']);
  });

  it('hands a new warning only to the higher level, as nobody handles it yet', () => {
    expect(handoverTargets('new', all)).toEqual(['higher']);
    expect(handoverTargets('published', all)).toEqual(['person', 'higher']);
  });

  it('offers nothing on a solved or cancelled warning', () => {
    expect(buttonsFor('solved', 'sent', all)).toEqual([]);
    expect(buttonsFor('cancelled', 'failed', all)).toEqual([]);
  });

  it('hides the assigning steps from a class teacher, who handles but does not assign', () => {
    const classTeacher = { assign: false, edit: true, add: true };
    expect(buttonsFor('new', 'none', classTeacher)).toEqual(['relevel']);
    expect(buttonsFor('setUp', 'none', classTeacher)).toEqual(['handover', 'relevel']);
    expect(handoverTargets('setUp', classTeacher)).toEqual(['person']);
    expect(buttonsFor('published', 'failed', classTeacher)).toEqual([
      'record',
      'solve',
      'handover',
      'relevel',
      'retry',
    ]);
  });
});
