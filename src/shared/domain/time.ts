/** A minute in milliseconds: schedules of the periodic jobs. */
export const MINUTE_MS = 60 * 1000;
/** An hour in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS;
/** A day in milliseconds: terms, reminders, retention and visit days all count in whole days. */
export const DAY_MS = 24 * HOUR_MS;
