import { type Options, type Stringifier, stringify } from 'csv-stringify';

/**
 * The one way the product writes CSV: csv-stringify with `escape_formulas`, so a text cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return (or their full-width forms) is written with a leading `'` and a spreadsheet
 * shows it as text instead of running it (names come from the building's devices: `=HYPERLINK(…)`). Numbers are
 * left as they are: -3.5 stays -3.5. Write every CSV through this, never through `stringify` directly.
 */
export const csvStringifier = (options: Omit<Options, 'escape_formulas'> = {}): Stringifier => stringify({ ...options, escape_formulas: true });
