import { describe, expect, it } from 'vitest';
import { type DialogEvent, type DialogState, canSubmit, closeLabel, dialogReducer, initialDialogState } from './dialog-state';

const run = (...events: DialogEvent[]): DialogState => events.reduce(dialogReducer, initialDialogState);

describe('discovery and reload dialog states', () => {
  it('goes running → ready_for_submit → submitting → done, logging each step', () => {
    const state = run(
      { type: 'start', text: 'Discovering devices' },
      { type: 'log', text: 'Found device 1501' },
      { type: 'ready', text: '1 device found' },
      { type: 'submit', text: 'Submitting 1 device' },
      { type: 'done', text: '1 device submitted' },
    );
    expect(state.phase).toBe('done');
    expect(state.log.map((l) => l.text)).toEqual(['Discovering devices', 'Found device 1501', '1 device found', 'Submitting 1 device', '1 device submitted']);
  });

  it('offers Submit only in ready_for_submit and reads Close only when done or failed', () => {
    expect(['running', 'ready_for_submit', 'submitting', 'done', 'error'].map((p) => [canSubmit(p as never), closeLabel(p as never)])).toEqual([
      [false, 'Cancel'],
      [true, 'Cancel'],
      [false, 'Cancel'],
      [false, 'Close'],
      [false, 'Close'],
    ]);
  });

  it('writes an error to the log as text and ends in error, from running or submitting', () => {
    const whileRunning = run({ type: 'start', text: 'Reading' }, { type: 'fail', text: 'BacnetTimeout: The device did not answer in time' });
    expect(whileRunning.phase).toBe('error');
    expect(whileRunning.log.at(-1)).toMatchObject({ text: 'BacnetTimeout: The device did not answer in time', error: true });
    const whileSubmitting = run({ type: 'ready', text: 'read' }, { type: 'submit', text: 'go' }, { type: 'fail', text: 'The server answered 500.' });
    expect(whileSubmitting.phase).toBe('error');
  });

  it('ignores events that do not fit: submit while running, a late answer after an error, done before submitting', () => {
    expect(run({ type: 'submit', text: 'x' }).phase).toBe('running');
    expect(run({ type: 'fail', text: 'x' }, { type: 'ready', text: 'late' }).phase).toBe('error');
    expect(run({ type: 'ready', text: 'x' }, { type: 'done', text: 'x' }).phase).toBe('ready_for_submit');
    expect(run({ type: 'ready', text: 'x' }, { type: 'submit', text: 'x' }, { type: 'start', text: 'again' }).phase).toBe('submitting');
    expect(run({ type: 'fail', text: 'x' }, { type: 'start', text: 'again' }).phase).toBe('running');
  });
});
