import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SITE_NAME } from '../../shared/site.js';
import { BrandMark } from './BrandMark.js';
import './top-bar.css';

/** The id of every builder page's <main>, where the top bar's "Skip to content" leads. */
export const MAIN_CONTENT_ID = 'content';

/**
 * The top bar of every builder page: a "Skip to content" link seen only when focused, the mark
 * and the product's name at the left, linking home, then the page's own parts (a title, its
 * actions, the account part at the right end). Narrow windows show the mark alone; the name
 * stays the link's name for screen readers.
 */
export function TopBar({
  className,
  sticky = false,
  children,
}: {
  className?: string;
  /** Stays at the top while a long page scrolls under it. */
  sticky?: boolean;
  children?: ReactNode;
}) {
  const classes = ['top-bar', sticky && 'top-bar--sticky', className].filter(Boolean).join(' ');
  return (
    <header className={classes}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      {/* Home is a static page, a document of its own (src/shared/prerender.ts). */}
      <Link to="/" className="top-bar__brand" reloadDocument>
        <BrandMark />
        <span className="top-bar__name">{SITE_NAME}</span>
      </Link>
      {children}
    </header>
  );
}
