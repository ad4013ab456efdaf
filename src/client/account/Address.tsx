import { Fragment } from 'react';

/**
 * A page's address without its scheme, drawn in pieces that each end in "/": a long address
 * wraps after a slash, and inside a piece (at a hyphen, or anywhere) only when the piece alone is
 * too wide. Pieces laid out that way would be read with a pause after each slash, so screen
 * readers get the address in one piece instead (with `id`, the name of what it labels). Not
 * BreakableUrl, which would rather break at a hyphen of the last piece than after the slash
 * before it.
 */
export function Address({ id, url }: { id?: string; url: string }) {
  const shown = url.replace(/^https?:\/\//, '');
  const parts = shown.split('/');
  return (
    <>
      <span id={id} className="visually-hidden">
        {shown}
      </span>
      <span aria-hidden="true">
        {parts.map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            <span className="pcard__piece">{index < parts.length - 1 ? `${part}/` : part}</span>
          </Fragment>
        ))}
      </span>
    </>
  );
}

/** A date as "7 Dec 2027" (formatTermDate), wherever it stands in `text`, kept on one line. */
const TERM_DATE = /(\d{1,2} [A-Z][a-z]{2,8} \d{4})/;

/** `text` with each date in it unbroken: a narrow card wraps before or after a date, never in it. */
export function WithWholeDates({ text }: { text: string }) {
  return (
    <>
      {text.split(TERM_DATE).map((piece, index) =>
        index % 2 === 1 ? (
          <span key={index} className="pcard__date">
            {piece}
          </span>
        ) : (
          piece
        ),
      )}
    </>
  );
}
