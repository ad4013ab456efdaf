/** GET /api/account/portfolios/:username/visits: who came to one page, the last 30 days. */

export const VISIT_DAYS = 30;

export interface VisitDay {
  /** India's calendar day, YYYY-MM-DD. */
  day: string;
  views: number;
  /** Distinct visitors that day (an address and browser counted once). */
  visitors: number;
}

export interface VisitStats {
  username: string;
  /** Oldest first, one entry per day, today last; days without views are zeros. */
  days: VisitDay[];
  /** Sites that sent visitors over the same days, most first (at most 10). */
  referrers: { host: string; views: number }[];
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The calendar day in India at this instant, as YYYY-MM-DD. */
export function indiaDay(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a YYYY-MM-DD day begins in India (India keeps no summer time). */
export function indiaDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS;
}
