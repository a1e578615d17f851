const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3, useGrouping: false, signDisplay: 'negative' });

/**
 * A recorded point value for the screen: at most three decimals (BACnet REALs are 32-bit floats, so 72.3 arrives as
 * 72.30000305), whole numbers (binary 0/1, multi-state numbers) as they are. Empty when there is none.
 */
export const formatPointValue = (value: number | null | undefined): string => (value === null || value === undefined ? '' : format.format(value));
