import type { FileReference, signFormToSign } from '@meridian/contracts';
import type { Output } from '../../shared/contracts.ts';
import { get, post } from '../../shared/request.ts';

export type FormToSign = Output<typeof signFormToSign>;

export const myForms = (signal?: AbortSignal) => get<FormToSign[]>('apis-psychology/h5/signature/mine', { signal });
export const formToSign = (number: string, signal?: AbortSignal) =>
  get<FormToSign>(`apis-psychology/h5/signature/form/${encodeURIComponent(number)}`, { signal });

/** `psychology sign upload`: the drawn signature as a PNG. */
export async function uploadSignature(png: Blob): Promise<FileReference> {
  const form = new FormData();
  form.append('file', png, 'signature.png');
  return post<FileReference>('apis-psychology/sign/upload', form);
}

export const signForm = (body: { number: string; values: Record<string, string>; signaturePath: string }) =>
  post<FormToSign>('apis-psychology/h5/signature/sign', body);
