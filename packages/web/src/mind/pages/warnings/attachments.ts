import type { AttachedFile, FileReference } from '@meridian/contracts';
import type { UploadFile } from 'antd';
import { ApiError } from '../../../shared/errors.ts';
import { currentLang } from '../../../shared/i18n.ts';
import { deviceId } from '../../../shared/request.ts';
import { getToken } from '../../../shared/session.ts';

/** Where record attachments are uploaded: jpg, png, pdf, xls or xlsx of up to 15 MB, kept protected. */
export const ATTACHMENT_UPLOAD = '/api/apis-third/file/upload/attachment';

/** The headers our API client sends; antd's uploader sends them with each file. */
export function apiHeaders(): Record<string, string> {
  const token = getToken();
  return {
    'X-Device-Id': deviceId(),
    'Accept-Language': currentLang(),
    ...(token ? { 'X-Authorization': token } : {}),
  };
}

/** What the upload call answered for one file: its reference, or the server's sentence of refusal. */
export function uploadAnswer(file: UploadFile): { path?: string; refusal?: string } {
  const body = file.response as { data?: FileReference[]; message?: string } | string | undefined;
  if (typeof body === 'string') return { refusal: body };
  const path = body?.data?.[0]?.path;
  if (file.status === 'done' && path) return { path };
  return body?.message ? { refusal: body.message } : {};
}

/**
 * Opens an attachment in a new tab. Attachments are protected and the session travels in a
 * header a plain link cannot carry, so the file is fetched and the tab shown the fetched copy.
 */
export async function openAttachment(file: AttachedFile): Promise<void> {
  const response = await fetch(file.url, { headers: apiHeaders(), cache: 'no-store' }).catch(() => {
    throw new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' });
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    throw new ApiError({
      code: body?.code ?? response.status,
      message: body?.message ?? '',
      httpStatus: response.status,
    });
  }
  const address = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = address;
  link.target = '_blank';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The new tab has loaded the copy by then; a minute leaves time for a large PDF.
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}
