import type { FileKind, UploadRule } from '@meridian/contracts';
import { AppError } from '../http/errors.ts';
import { formatSize, type ReceivedFile } from './receive.ts';
import { imageDimensions, sniffKind } from './sniff.ts';
import { sanitizeSvg } from './svg.ts';

export interface CheckedFile extends ReceivedFile {
  /** What the content is, whatever the name or the declared type said. */
  kind: FileKind;
}

/**
 * Holds received files to an upload rule: how many, how large, what they are by content, and
 * the exact pixel size where the rule fixes one. The first broken limit is the answer, naming the
 * file it concerns in `data.file`.
 */
export async function checkUpload(files: readonly ReceivedFile[], rule: UploadRule): Promise<CheckedFile[]> {
  if (files.length === 0) throw new AppError(400, 'files.noFile');
  if (files.length > rule.maxFiles) throw new AppError(413, 'files.tooMany', { params: { count: rule.maxFiles } });
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const data = { file: file.name };
    if (file.bytes.length === 0) throw new AppError(400, 'files.emptyFile', { data });
    if (file.bytes.length > rule.maxBytes) {
      throw new AppError(413, 'files.tooLarge', { params: { limit: formatSize(rule.maxBytes) }, data });
    }
    const kind = await sniffKind(file.bytes);
    if (!kind || !rule.kinds.includes(kind)) throw new AppError(400, rule.wrongKind, { data });
    if (kind === 'svg') {
      // Only the drawing is kept (decision 0149); an SVG with none is no picture.
      const drawing = sanitizeSvg(file.bytes);
      if (!drawing) throw new AppError(400, rule.wrongKind, { data });
      checked.push({ ...file, bytes: Buffer.from(drawing), kind });
      continue;
    }
    if (rule.dimensions) {
      const actual = imageDimensions(file.bytes);
      if (!actual) throw new AppError(400, rule.wrongKind, { data });
      const { width, height } = rule.dimensions;
      if (actual.width !== width || actual.height !== height) {
        throw new AppError(400, 'files.wrongDimensions', {
          params: { width, height, actualWidth: actual.width, actualHeight: actual.height },
          data,
        });
      }
    }
    checked.push({ ...file, kind });
  }
  return checked;
}
