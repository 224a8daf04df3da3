import type {
  Page,
  SignBatchSend,
  SignFormSend,
  SignTemplateCreate,
  SignTemplateUpdate,
  signBatch,
  signBatchSent,
  signForm,
  signRecipient,
  signRemindResult,
  signTemplate,
  signVerdict,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { download } from '../../../shared/download.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of online signing (`/apis-user/signTemplate/...`, `/apis-psychology/signature/...`). */

type Signal = AbortSignal | undefined;

export type SignTemplate = Output<typeof signTemplate>;
export type SignForm = Output<typeof signForm>;
export type SignRecipient = Output<typeof signRecipient>;
export type SignVerdict = Output<typeof signVerdict>;
export type SignBatch = Output<typeof signBatch>;
export type SignBatchSent = Output<typeof signBatchSent>;
export type SignRemindResult = Output<typeof signRemindResult>;
export type FormFilter = {
  keyword?: string | undefined;
  state?: SignForm['state'] | undefined;
  batchId?: number | undefined;
};

const BASE = 'apis-psychology/signature';

export const signTemplates = (signal?: Signal) => get<SignTemplate[]>('apis-user/signTemplate/list', { signal });
export const addSignTemplate = (body: SignTemplateCreate) => post<SignTemplate>('apis-user/signTemplate/add', body);
export const editSignTemplate = (body: SignTemplateUpdate) => post<SignTemplate>('apis-user/signTemplate/update', body);
export const sendSignBatch = (body: SignBatchSend) => post<SignBatchSent>(`${BASE}/batch/send`, body);
export const signBatchPage = (body: { keyword?: string | undefined; page: number; size: number }, signal?: Signal) =>
  post<Page<SignBatch>>(`${BASE}/batch/page`, body, { signal });
export const remindSignBatch = (id: number) => post<SignRemindResult>(`${BASE}/batch/remind`, { id });
export const signFormPage = (body: FormFilter & { page: number; size: number }, signal?: Signal) =>
  post<Page<SignForm>>(`${BASE}/page`, body, { signal });
export const recipientsOf = (studentId: number, signal?: Signal) =>
  get<SignRecipient[]>(`${BASE}/recipients/${studentId}`, { signal });
export const sendSignForm = (body: SignFormSend) => post<SignForm>(`${BASE}/send`, body);
export const withdrawSignForm = (id: number) => post<SignForm>(`${BASE}/withdraw`, { id });
/** The signed PDF, saved by the browser. */
export const downloadSignedPdf = (id: number, number: string) => download(`${BASE}/pdf/${id}`, `${number}.pdf`);
export const verifySignedPdf = (body: { number: string; sha256: string }) => post<SignVerdict>(`${BASE}/verify`, body);

/** The SHA-256 of a file the user picked, hex, computed in the browser: the PDF never leaves the machine. */
export async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
