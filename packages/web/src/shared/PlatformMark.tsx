import { fileUrl } from '@meridian/contracts';
import { currentBrand } from './brand.ts';

/**
 * The platform's mark for page headers: Meridian's (the same drawing as the favicon), or on a
 * neutral member's domain its 106x60 logo at the header's height (decision 0116). The file's name
 * names no platform: it becomes a chunk's name, which the served pages preload by address.
 */
export function MeridianMark({ size = 28 }: { size?: number }) {
  const brand = currentBrand();
  if (brand) {
    const height = Math.max(size, 30);
    return (
      <img
        src={fileUrl(brand.logo)}
        alt={brand.name}
        data-testid="brand-logo"
        height={height}
        width={Math.round((height * 106) / 60)}
        style={{ display: 'block', objectFit: 'contain' }}
      />
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2f6bd8" />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#fff" strokeWidth="4" />
      <ellipse cx="32" cy="32" rx="8" ry="19" fill="none" stroke="#fff" strokeWidth="3.5" />
      <path d="M13 32h38" stroke="#fff" strokeWidth="3.5" />
    </svg>
  );
}
