/** A moment as the account page writes it everywhere: "23 Nov 2026, 12:06 pm". */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
