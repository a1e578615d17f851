import { type LogLine, logLine } from '../../../components/log-area';

/** The states of the discovery and reload dialogs (spec 01 section 4). */
export type DialogPhase = 'running' | 'ready_for_submit' | 'submitting' | 'done' | 'error';

export interface DialogState {
  phase: DialogPhase;
  /** What happened, as text: the dialog's log (errors included, spec 01 section 8). */
  log: LogLine[];
}

export type DialogEvent =
  | { type: 'start'; text: string }
  | { type: 'log'; text: string }
  | { type: 'ready'; text: string }
  | { type: 'submit'; text: string }
  | { type: 'done'; text: string }
  | { type: 'fail'; text: string };

export const initialDialogState: DialogState = { phase: 'running', log: [] };

/**
 * running → ready_for_submit → submitting → done, and error from running or submitting. An event that does not
 * fit the state is ignored (e.g. an answer arriving after the request was cancelled), except `start`, which runs
 * again from any state but submitting.
 */
export function dialogReducer(state: DialogState, event: DialogEvent): DialogState {
  const to = (phase: DialogPhase, error = false): DialogState => ({ phase, log: [...state.log, logLine(event.text, error)] });
  switch (event.type) {
    case 'start':
      return state.phase === 'submitting' ? state : to('running');
    case 'log':
      return { ...state, log: [...state.log, logLine(event.text)] };
    case 'ready':
      return state.phase === 'running' ? to('ready_for_submit') : state;
    case 'submit':
      return state.phase === 'ready_for_submit' ? to('submitting') : state;
    case 'done':
      return state.phase === 'submitting' ? to('done') : state;
    case 'fail':
      return state.phase === 'running' || state.phase === 'submitting' ? to('error', true) : state;
  }
}

/** Submit is offered only when something was read and not yet submitted. */
export const canSubmit = (phase: DialogPhase): boolean => phase === 'ready_for_submit';

/** The close button reads Close when done or error, otherwise Cancel (which stops what is running). */
export const closeLabel = (phase: DialogPhase): 'Close' | 'Cancel' => (phase === 'done' || phase === 'error' ? 'Close' : 'Cancel');
