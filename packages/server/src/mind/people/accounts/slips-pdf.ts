import { DOWNLOAD_LIMITS, type Lang, translate } from '@meridian/contracts';
import QRCode from 'qrcode';
import { writeWorkbook } from '../../../platform/excel/sheet.ts';
import { formatDateTime } from '../../../platform/time.ts';
import { type FontFile, newPdf, pdfBytes } from '../../downloads/pdf.ts';

export interface SlipPerson {
  name: string;
  account: string;
  /** Null when the person already had an account: the slip says so and shows no password. */
  password: string | null;
}

export interface Slip {
  student: SlipPerson & { className: string; studentNo: string };
  parents: (SlipPerson & { relation: string })[];
}

/** The H5 sign-in address of a slip, with the student's account filled in. */
export const slipAddress = (h5Url: string, account: string) => `${h5Url}?account=${encodeURIComponent(account)}`;

const PER_PAGE = 3;

/**
 * The printable slips, three to an A4 page with cut lines: each names the student, their class,
 * account and initial password, their parents' accounts, and a QR code to the H5 sign-in. The last
 * page lists the students skipped because they already had an account.
 */
export async function slipsPdf(
  title: string,
  slips: readonly Slip[],
  skipped: readonly { name: string; className: string }[],
  h5Url: string,
  lang: Lang,
  fonts: readonly FontFile[],
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) => translate(key, lang, params);
  const doc = newPdf(title, fonts);
  const left = 40;
  const width = doc.page.width - 80;
  const height = (doc.page.height - 60) / PER_PAGE;
  for (const [i, slip] of slips.entries()) {
    if (i > 0 && i % PER_PAGE === 0) doc.addPage();
    const top = 30 + (i % PER_PAGE) * height;
    if (i % PER_PAGE > 0) {
      doc
        .save()
        .dash(4, { space: 4 })
        .moveTo(20, top)
        .lineTo(doc.page.width - 20, top)
        .stroke('#999')
        .restore();
    }
    const qr = await QRCode.toBuffer(slipAddress(h5Url, slip.student.account), {
      type: 'png',
      margin: 1,
      scale: 4,
      errorCorrectionLevel: 'M',
    });
    doc.image(qr, left + width - 120, top + 20, { width: 120 });
    doc
      .fillColor('#000')
      .fontSize(14)
      .text(t('slips.title'), left, top + 16, { width: width - 130 });
    doc.moveDown(0.4).fontSize(11);
    const line = (label: string, value: string) => doc.text(`${label}：${value}`, left, doc.y, { width: width - 130 });
    line(t('slips.student'), `${slip.student.name}（${slip.student.studentNo}）`);
    line(t('slips.class'), slip.student.className);
    line(t('slips.account'), slip.student.account);
    line(t('slips.password'), slip.student.password ?? t('slips.hadAccount'));
    for (const parent of slip.parents) {
      doc.moveDown(0.3);
      line(t('slips.parent'), `${parent.name}（${parent.relation}）`);
      line(t('slips.account'), parent.account);
      line(t('slips.password'), parent.password ?? t('slips.hadAccount'));
    }
    doc
      .fontSize(9)
      .fillColor('#555')
      .text(t('slips.scan'), left, top + height - 34, { width });
  }
  if (slips.length === 0 || skipped.length > 0) {
    if (slips.length > 0) doc.addPage();
    doc.fillColor('#000').fontSize(13);
    if (slips.length === 0) doc.text(t('slips.none'), left, 40, { width }).moveDown();
    if (skipped.length > 0) {
      doc
        .text(t('slips.skipped', { count: skipped.length }), left, doc.y, { width })
        .moveDown(0.5)
        .fontSize(10);
      for (const s of skipped) doc.text(`${s.className}  ${s.name}`, left, doc.y, { width });
    }
  }
  return pdfBytes(doc);
}

/** The same accounts as a list, with a sheet of the students skipped. */
export function slipsWorkbook(
  slips: readonly Slip[],
  skipped: readonly { name: string; className: string }[],
  lang: Lang,
): Buffer {
  const t = (key: string, params?: Record<string, string | number>) => translate(key, lang, params);
  const rows: (string | null)[][] = [
    [t('slips.col.expires', { hours: DOWNLOAD_LIMITS.slipsKeepHours }), null, null, null, null, null, null],
    [
      t('slips.col.role'),
      t('slips.col.name'),
      t('slips.class'),
      t('slips.col.studentNo'),
      t('slips.col.child'),
      t('slips.account'),
      t('slips.password'),
    ],
  ];
  for (const { student, parents } of slips) {
    const s = student;
    rows.push([t('slips.student'), s.name, s.className, s.studentNo, null, s.account, s.password]);
    for (const p of parents) rows.push([t('slips.parent'), p.name, s.className, null, s.name, p.account, p.password]);
  }
  return writeWorkbook([
    { name: t('slips.sheet'), rows, widths: [8, 14, 14, 14, 14, 20, 14] },
    {
      name: t('slips.sheetSkipped'),
      rows: [[t('slips.col.name'), t('slips.class')], ...skipped.map((s) => [s.name, s.className])],
      widths: [14, 14],
    },
  ]);
}

export const slipStamp = (at: number) => formatDateTime(at).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);
