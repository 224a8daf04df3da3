import { type FileReference, type ImageUploadPurpose, translate, type UploadRule } from '@meridian/contracts';
import { currentLang } from './i18n.ts';
import { post } from './request.ts';

// Apart from files.ts: only the pages that upload need the upload rules' sentences.

const signatures: Record<string, (bytes: Uint8Array) => boolean> = {
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  gif: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
  // An SVG is text: its root element shows in its first kilobyte (the server reads it whole).
  svg: (b) => /<svg[\s>/]/.test(new TextDecoder().decode(b)),
};

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Checks a picked image against the spec's rule before it is sent, as the server will: the kind
 * by its first bytes (not its name), then the size. Returns the sentence to show, or null.
 */
export async function imageProblem(file: Blob, rule: UploadRule): Promise<string | null> {
  const lang = currentLang();
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  const kindOk = rule.kinds.some((kind) => signatures[kind]?.(head));
  if (!kindOk) return translate(rule.wrongKind, lang);
  if (file.size === 0) return translate('files.emptyFile', lang);
  if (file.size > rule.maxBytes) return translate('files.tooLarge', lang, { limit: formatBytes(rule.maxBytes) });
  return null;
}

/** Uploads one image for `purpose` (`upload/image`, multipart field `file`) and resolves its reference. */
export async function uploadImage(file: Blob, purpose: ImageUploadPurpose, name = 'image'): Promise<FileReference> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : name);
  const [stored] = await post<FileReference[]>('apis-third/file/upload/image', form, { query: { purpose } });
  if (!stored) throw new Error('The upload answered with no file');
  return stored;
}
