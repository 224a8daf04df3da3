import { fileUrl, type PublicBrand } from '@meridian/contracts';
import type { PostProcessorModule } from 'i18next';

/**
 * Neutral operation (decision 0116): on a neutral member's custom domain, every page shows its
 * brand, and the platform's own name nowhere. Read once, before the first page renders.
 */
let brand: PublicBrand | null = null;

/** The brand of the domain this page is on, or null on the platform's own domains. */
export const currentBrand = (): PublicBrand | null => brand;

const PLATFORM_NAME = 'Meridian';
const BRAND_WAIT_MS = 5_000;

/** Puts the brand's name wherever a string names the platform: titles, headers, footers, the agreement. */
export const brandNames: PostProcessorModule = {
  type: 'postProcessor',
  name: 'brand',
  process: (value: string) => (brand ? value.replaceAll(PLATFORM_NAME, brand.name) : value),
};

function showInDocument(b: PublicBrand): void {
  document.title = document.title.replaceAll(PLATFORM_NAME, b.name);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) {
    icon.removeAttribute('type');
    icon.href = fileUrl(b.favicon ?? b.logo);
  }
}

/** The brand the server wrote into the page (null on the platform's own domains); undefined when it wrote none (the dev server). */
function brandInPage(): PublicBrand | null | undefined {
  const data = document.getElementById('meridian-brand')?.textContent;
  return data ? (JSON.parse(data) as PublicBrand | null) : undefined;
}

/**
 * The host's brand: written into the page by the server, or else asked for. A failure shows the
 * platform's own look: the page must open even when this one call does not answer.
 */
export async function loadBrand(): Promise<void> {
  const inPage = brandInPage();
  if (inPage !== undefined) {
    brand = inPage;
    if (brand) showInDocument(brand);
    return;
  }
  try {
    const res = await fetch('/api/portal/brand/current', { signal: AbortSignal.timeout(BRAND_WAIT_MS) });
    if (!res.ok) return;
    const body = (await res.json()) as { code: number; data: PublicBrand | null };
    brand = body.code === 200 ? body.data : null;
    if (brand) showInDocument(brand);
  } catch (error) {
    console.warn('The brand of this domain could not be read; the platform look is shown', error);
  }
}

/** An app's name for the document title: on a brand's domain, followed by the brand's name when it does not say it. */
export function brandedAppName(appName: string): string {
  return brand && !appName.includes(brand.name) ? `${appName} - ${brand.name}` : appName;
}
