/** One day, in ms: the unit of the retention rules, the export lifetimes and the profile's windows (UTC days, no calendar). */
export const DAY_MS = 24 * 60 * 60 * 1000;
