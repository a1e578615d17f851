import { formatOptionalDateTime } from '../../../lib/date-format';
import { formatPointValue } from '../../../lib/value-format';

/** Spec 01 section 3: the neutral plane height is in feet, or null. */
export const notSet = 'Not set';
/** A value the agent has not reported yet. */
export const noValueYet = 'No value yet';
export const notChosen = 'Not chosen';

/** "52 ft"; "Not set" for a height that is null. */
export const formatFeet = (feet: number | null): string => (feet === null ? notSet : `${formatPointValue(feet)} ft`);

export const formatFahrenheit = (value: number | null): string => (value === null ? noValueYet : `${formatPointValue(value)} °F`);

/** Pressures as the agent reports them: inches of water column (docs/pressure-control.md). */
export const formatPressure = (value: number | null): string => (value === null ? noValueYet : `${formatPointValue(value)} in. w.c.`);

/** A date of the agent's reports (MM/DD/YYYY hh:mm:ss a), or "Never" when it has not happened. */
export const formatStatusDate = (iso: string | null): string => (iso === null ? 'Never' : formatOptionalDateTime(iso));

export const formatSeconds = (seconds: number): string => `${seconds} s`;
