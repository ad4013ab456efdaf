import './spinner.css';

/** A small turning ring inside a busy button, in the button's text colour (decorative). */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
