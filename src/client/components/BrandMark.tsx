/** The product's mark: a "P" drawn as a frame with a dot, as in the favicon. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#1d1b26" />
      <path
        d="M18 46V18h14a9 9 0 0 1 0 18h-8"
        fill="none"
        stroke="#f4b860"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="44" cy="44" r="5" fill="#e86a5c" />
    </svg>
  );
}
