import { Fragment } from 'react';

/**
 * A web address in the pieces it may wrap between: each ends in its slashes ("https://",
 * "example.com/", "users/", "meera-mobile"), so a line ends after a slash, not at a hyphen.
 */
export function addressPieces(address: string): string[] {
  return address.split(/(?<=\/)(?!\/)/).filter((piece) => piece !== '');
}

/**
 * An email address in the pieces it may wrap between: its name split after each dot, hyphen or
 * underscore, then "@" and the domain in one piece ("meera.", "k-", "nair", "@example.com").
 */
export function emailPieces(email: string): string[] {
  const at = email.lastIndexOf('@');
  const name = at > 0 ? email.slice(0, at) : email;
  const pieces = name.split(/(?<=[._-])/).filter((piece) => piece !== '');
  return at > 0 ? [...pieces, email.slice(at)] : pieces;
}

/**
 * `text` drawn as `pieces`, each kept on one line unless it alone is wider than the line (the
 * `breakable` classes in global.css). Boxes side by side would be read, and would name a link,
 * with a space between them; so screen readers get `text` whole from a visually hidden copy
 * (with `id`, the name of what it labels) and the pieces are hidden from them.
 */
function InPieces({ text, pieces, id }: { text: string; pieces: string[]; id?: string }) {
  return (
    <span className="breakable">
      <span id={id} className="visually-hidden">
        {text}
      </span>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="breakable__piece" aria-hidden="true">
            {piece}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

/** A web address that wraps only after a slash; `withoutScheme` drops its "https://". */
export function WebAddress({
  url,
  withoutScheme = false,
  id,
}: {
  url: string;
  withoutScheme?: boolean;
  id?: string;
}) {
  const shown = withoutScheme ? url.replace(/^https?:\/\//, '') : url;
  return <InPieces text={shown} pieces={addressPieces(shown)} id={id} />;
}

/** An email address that wraps only after a dot, hyphen or underscore of its name, or before "@". */
export function EmailAddress({ email }: { email: string }) {
  return <InPieces text={email} pieces={emailPieces(email)} />;
}

/** A date as "7 Dec 2027" (formatTermDate), wherever it stands in a text. */
const TERM_DATE = /(\d{1,2} [A-Z][a-z]{2,8} \d{4})/;

/** `text` with each date in it unbroken: a narrow box wraps before or after a date, never in it. */
export function WithWholeDates({ text }: { text: string }) {
  return (
    <>
      {text.split(TERM_DATE).map((piece, index) =>
        index % 2 === 1 ? (
          <span key={index} className="whole-date">
            {piece}
          </span>
        ) : (
          piece
        ),
      )}
    </>
  );
}
