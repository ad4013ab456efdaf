/** User text split into paragraphs on blank lines; single line breaks stay (CSS pre-line). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A multi-line text as <p> elements, always as text, never as HTML. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {paragraphs(text).map((part, index) => (
        <p key={index} className={className}>
          {part}
        </p>
      ))}
    </>
  );
}

/** Off-site links open in the same tab and give the target page no handle on ours. */
export function relFor(url: string): string | undefined {
  return /^https?:/i.test(url.trim()) ? 'noopener noreferrer' : undefined;
}
