import { Children, isValidElement, useId, type ReactNode } from 'react';
import { Footer } from '../../components/Footer.js';
import { SiteHeader } from '../../components/SiteHeader.js';
import { MAIN_CONTENT_ID } from '../../components/TopBar.js';
import { SUPPORT_EMAIL } from './support.js';
// Every info page gets all four in this order, as one stylesheet: the About and Contact parts
// come after the card, whose defaults some of their rules replace.
import './info.css';
import './info-card.css';
import './about.css';
import './contact.css';

interface InfoLayoutProps {
  title: string;
  /** A short line under the title, e.g. the date a policy was last changed. */
  meta?: ReactNode;
  /** One or two sentences that say what the page is for. */
  intro?: ReactNode;
  /** A short summary shown at the top of the page, before the list of sections. */
  summary?: ReactNode;
  /** Long pages list their sections so readers can jump straight to one. */
  listSections?: boolean;
  children: ReactNode;
}

/** The frame shared by About, Contact and the policies: top bar, reading column, footer. */
export function InfoLayout({
  title,
  meta,
  intro,
  summary,
  listSections = false,
  children,
}: InfoLayoutProps) {
  const contents = listSections ? sectionsOf(children) : [];
  return (
    <div className="info">
      <SiteHeader />
      <main className="info-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="info-hero">
          <div className="info-column">
            <h1 className="info-title">{title}</h1>
            {meta ? <p className="info-meta">{meta}</p> : null}
            {intro ? <p className="info-intro">{intro}</p> : null}
          </div>
        </div>
        <div className="info-column">
          <article className="surface-card info-card">
            {summary}
            {contents.length > 0 ? (
              <nav className="info-contents" aria-label="On this page">
                <h2 className="info-contents__title">On this page</h2>
                <ol>
                  {contents.map((section) => (
                    <li key={section.id}>
                      <a href={`#${section.id}`}>{section.title}</a>
                    </li>
                  ))}
                </ol>
              </nav>
            ) : null}
            {children}
          </article>
        </div>
      </main>
      <Footer />
    </div>
  );
}

interface InfoSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/**
 * The "On this page" list, read from the page's own sections (InfoSections placed directly in
 * the layout), so that an entry and its section cannot disagree.
 */
function sectionsOf(children: ReactNode): InfoSectionProps[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<InfoSectionProps>(child) && child.type === InfoSection ? [child.props] : [],
  );
}

/** One titled part of a page; its id is the target of the "On this page" links. */
export function InfoSection({ id, title, children }: InfoSectionProps) {
  return (
    <section className="info-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The support address as a mail link, written out so it can also be copied. */
export function SupportEmailLink({ subject }: { subject?: string }) {
  const href = subject
    ? `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`
    : `mailto:${SUPPORT_EMAIL}`;
  return (
    <a className="info-email" href={href}>
      {SUPPORT_EMAIL}
    </a>
  );
}

/** A boxed summary of the points people most often look for. */
export function KeyPoints({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="info-keypoints" aria-labelledby={headingId}>
      <h2 className="info-keypoints__title" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
