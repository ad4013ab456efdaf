import { Fragment } from 'react';

/**
 * A web address that, when it does not fit, breaks after a slash ("…/users/" then the name) and
 * not in the middle of a word: a <wbr> follows each run of slashes, and each part is a box of its
 * own (global.css), so "meera-mobile" does not break at its hyphen, which reads as part of the
 * address. A part breaks, anywhere, only when it alone is wider than the line.
 */
export function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=\/)(?!\/)/);
  return (
    <span className="breakable-url">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="breakable-url__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
