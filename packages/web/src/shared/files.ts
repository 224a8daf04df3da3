import { fileUrl } from '@meridian/contracts';

/**
 * An address an image element can load a stored file from: addresses that already are one (ours,
 * a provider's avatar, an inline image) as they are; a stored path through `file/getByPath`.
 */
export function fileAddress(pathOrUrl: string | null | undefined): string | undefined {
  if (!pathOrUrl) return undefined;
  if (/^(https?:|data:|blob:|\/)/.test(pathOrUrl)) return pathOrUrl;
  return fileUrl(pathOrUrl);
}
