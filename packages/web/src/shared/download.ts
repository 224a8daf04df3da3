import { ApiError } from './errors.ts';
import { currentLang } from './i18n.ts';
import { deviceId } from './request.ts';
import { getToken } from './session.ts';

type QueryValue = string | number | boolean | null | undefined;

function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * Saves a file the API streams (an Excel export, an import template). A plain link cannot carry the
 * token, which travels in a header, so the file is fetched and handed to the browser as a blob. A
 * refusal arrives as the usual envelope and is thrown as an `ApiError`.
 */
export async function download(path: string, fallbackName: string, query: Record<string, QueryValue> = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  const headers = new Headers({ 'X-Device-Id': deviceId(), 'Accept-Language': currentLang() });
  const token = getToken();
  if (token) headers.set('X-Authorization', token);
  let response: Response;
  try {
    response = await fetch(`/api/${path}${params.size > 0 ? `?${params}` : ''}`, { headers, cache: 'no-store' });
  } catch {
    throw new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' });
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    throw new ApiError({
      code: body?.code ?? response.status,
      message: body?.message ?? '',
      httpStatus: response.status,
    });
  }
  const blob = await response.blob();
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is then no longer needed.
  setTimeout(() => URL.revokeObjectURL(address), 1000);
}
