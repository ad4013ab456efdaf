import { Fragment } from 'react';

/**
 * A web address that, when it does not fit, breaks after a slash ("…/users/" then the name) and
 * not in the middle of a word: a <wbr> follows each run of slashes. The `breakable-url` class
 * (global.css) breaks anywhere only when one part is wider than the line.
 */
export function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=\/)(?!\/)/);
  return (
    <span className="breakable-url">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
