import { existsSync, readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { DownloadFailure } from './progress.ts';

/** A font file and, for a collection (.ttc), the PostScript name of the face to use. */
export interface FontFile {
  file: string;
  face?: string;
}

/**
 * Fonts that hold Chinese, in the order tried: Debian's fonts-noto-cjk, then fonts-wqy-microhei
 * and fonts-wqy-zenhei. PDF's built-in fonts hold Latin only, and a report written with them would
 * show the student's name as empty boxes.
 */
export const CJK_FONTS: readonly FontFile[] = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', face: 'WenQuanYiZenHei' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', face: 'NotoSerifCJKsc-Regular' },
];

/** Font bytes, read once per process: a CJK collection is about 20 MB and every report needs it. */
const loaded = new Map<string, Buffer>();

function fontBytes(file: string): Buffer {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    loaded.set(file, bytes);
  }
  return bytes;
}

export type Pdf = PDFKit.PDFDocument;

/**
 * A new A4 document whose default font holds Chinese; the first font of `fonts` that exists and
 * opens is used. None is a failure the task's owner reads ("no Chinese font is installed").
 */
export function newPdf(title: string, fonts: readonly FontFile[]): Pdf {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Creator: 'Meridian' } });
  for (const font of fonts) {
    if (!existsSync(font.file)) continue;
    try {
      doc.registerFont('cjk', fontBytes(font.file), font.face ?? '');
      doc.font('cjk');
      return doc;
    } catch {
      // A file that is not a font, or a collection without that face: try the next candidate.
      loaded.delete(font.file);
    }
  }
  throw new DownloadFailure('download.noFont');
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** One line of a table: cells at fixed left edges, each cut to its column's width. */
export function tableRow(doc: Pdf, cells: readonly string[], columns: readonly number[], bold = false): void {
  const y = doc.y;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.fontSize(bold ? 10.5 : 10);
  cells.forEach((cell, i) => {
    const x = left + (columns[i] ?? 0);
    const next = i + 1 < columns.length ? left + (columns[i + 1] ?? 0) : right;
    const width = next - x - 4;
    // pdfkit still wraps Chinese between characters: cut the text to the column so the row stays one line.
    let text = cell;
    while (text.length > 1 && doc.widthOfString(text) > width) text = `${text.slice(0, -2)}…`;
    doc.text(text, x, y, { width, lineBreak: false });
  });
  doc.x = left;
  doc.y = y + 16;
  if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
}
