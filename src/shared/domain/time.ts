/** A day in milliseconds: terms, reminders, retention and visit days all count in whole days. */
export const DAY_MS = 24 * 60 * 60 * 1000;
