import { useId, type ReactNode } from 'react';
import { visitsPath } from '../../shared/routes.js';
import { VISIT_DAYS, type VisitDay, type VisitStats } from '../../shared/visits.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import '../components/fold-chevron.css';
import './visits.css';

const WIDTH = 300;
const HEIGHT = 80;
/** A day's two counts, each a bar from the axis; visitors drawn over views. */
const BARS = ['views', 'visitors'] as const;

/** "23 Nov" for a YYYY-MM-DD day (already India's calendar day: no time zone to apply). */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Who came to one page, the last 30 days: a small chart of views (visitors darker inside each
 * bar), the totals in words, the numbers as a table, and the sites that sent people. Counted
 * without cookies; loaded when opened.
 */
export function VisitsPanel({ username }: { username: string }) {
  const { loaded } = useApiAnswer<VisitStats>(visitsPath(username));
  const titleId = useId();

  const panel = (children: ReactNode, busy = false) => (
    <section className="visits" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h3 className="visits__title" id={titleId}>
        Visitors<span className="visually-hidden"> of {username}</span>
      </h3>
      {children}
    </section>
  );
  if (loaded.status === 'error') {
    return panel(
      <p className="alert alert--compact account__error" role="alert">
        {loaded.message}
      </p>,
    );
  }
  if (loaded.status === 'loading') {
    return panel(<p className="visits__loading">Loading visitor numbers…</p>, true);
  }
  const stats = loaded.answer;
  const views = stats.days.reduce((sum, day) => sum + day.views, 0);
  const visitors = stats.days.reduce((sum, day) => sum + day.visitors, 0);
  const note = (
    <p className="visits__note">
      Counted without cookies: a visitor is an address and browser seen that day, never stored as
      such. Search engines and link previews are not counted, nor are your own views in a browser
      where you are signed in here.
    </p>
  );
  if (views === 0) {
    return panel(
      <>
        <p className="visits__summary">
          No views in the last {VISIT_DAYS} days yet. Share your page&apos;s address, or its QR
          code, and visits will show here within a minute.
        </p>
        {note}
      </>,
    );
  }
  const daysWithViews = stats.days.filter((day) => day.views > 0).reverse();
  const summary = `${views} ${views === 1 ? 'view' : 'views'} by about ${visitors} ${visitors === 1 ? 'visitor' : 'visitors'} in the last ${VISIT_DAYS} days`;
  return panel(
    <>
      <p className="visits__summary">{summary}.</p>
      <VisitsChart days={stats.days} label={summary} />
      {stats.referrers.length > 0 && (
        <p className="visits__referrers">
          Came from:{' '}
          {stats.referrers.map((referrer, index) => (
            <span key={referrer.host}>
              {index > 0 && ', '}
              {referrer.host} ({referrer.views})
            </span>
          ))}
        </p>
      )}
      <details className="visits__numbers">
        <summary className="fold-summary fold-chevron">The numbers, day by day</summary>
        <table>
          <caption className="visits__caption">Days with views, latest first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Visitors</th>
            </tr>
          </thead>
          <tbody>
            {daysWithViews.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                <td>{day.views}</td>
                <td>{day.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {note}
    </>,
  );
}

function VisitsChart({ days, label }: { days: VisitDay[]; label: string }) {
  const most = Math.max(1, ...days.map((day) => day.views));
  const step = WIDTH / days.length;
  const bar = step * 0.7;
  const height = (count: number) => (count / most) * (HEIGHT - 4);
  return (
    <figure className="visits__chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        {days.map((day, index) => {
          const x = index * step + (step - bar) / 2;
          return (
            <g key={day.day}>
              <title>{`${shortDay(day.day)}: ${day.views} views, ${day.visitors} visitors`}</title>
              {BARS.map((count) => (
                <rect
                  key={count}
                  className={`visits__${count}`}
                  x={x}
                  y={HEIGHT - height(day[count])}
                  width={bar}
                  height={height(day[count])}
                />
              ))}
            </g>
          );
        })}
        <line className="visits__axis" x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
      </svg>
      {/* In the page's own type, not scaled with the drawing. */}
      <div className="visits__ticks" aria-hidden="true">
        <span>{shortDay(days[0]!.day)}</span>
        <span>Today</span>
      </div>
      <figcaption className="visits__legend">
        <span className="visits__key visits__key--views" /> Views{' '}
        <span className="visits__key visits__key--visitors" /> Visitors
      </figcaption>
    </figure>
  );
}
