import type { SignField } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { CJK_FONTS, newPdf, pdfBytes } from '../downloads/pdf.ts';
import { DownloadFailure } from '../downloads/progress.ts';

export interface SignedFormContent {
  number: string;
  title: string;
  body: string;
  schoolName: string;
  studentName: string;
  signerName: string;
  fields: SignField[];
  values: Record<string, string>;
  signature: Buffer;
  signedAt: number;
}

/** `2026-11-29 07:12:03 UTC`: the time on a signed form, the same wherever it is read. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The signed form as a PDF: the school's text, the answers, the handwritten signature and the time. */
export async function signedFormPdf(form: SignedFormContent): Promise<Buffer> {
  let doc: ReturnType<typeof newPdf>;
  try {
    doc = newPdf(form.title, CJK_FONTS);
  } catch (error) {
    // No Chinese font installed: the same words the download centre uses.
    if (error instanceof DownloadFailure) throw new AppError(503, 'download.noFont');
    throw error;
  }
  doc.fontSize(18).text(form.title, { align: 'center' });
  doc.moveDown(0.5);
  doc.fontSize(10).fillColor('#555').text(`${form.schoolName} · No. ${form.number}`, { align: 'center' });
  doc.moveDown();
  doc.fillColor('#000').fontSize(11).text(`学生 Student: ${form.studentName}`);
  doc.moveDown(0.5);
  doc.fontSize(11).text(form.body, { lineGap: 3 });
  doc.moveDown();
  for (const field of form.fields) {
    doc.fontSize(11).text(`${field.label}: ${form.values[field.key] ?? ''}`, { lineGap: 2 });
  }
  doc.moveDown();
  doc.fontSize(11).text(`签名 Signature (${form.signerName}):`);
  try {
    doc.image(form.signature, { fit: [220, 90] });
  } catch {
    // A file that says PNG in its first bytes but does not decode as one.
    throw new AppError(400, 'signing.badSignature');
  }
  doc.moveDown();
  doc.fontSize(10).text(`签署时间 Signed at: ${utc(form.signedAt)}`);
  return pdfBytes(doc);
}
