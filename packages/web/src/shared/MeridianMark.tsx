/** The Meridian mark (the same drawing as the favicon), for page headers. */
export function MeridianMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2f6bd8" />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#fff" strokeWidth="4" />
      <ellipse cx="32" cy="32" rx="8" ry="19" fill="none" stroke="#fff" strokeWidth="3.5" />
      <path d="M13 32h38" stroke="#fff" strokeWidth="3.5" />
    </svg>
  );
}
