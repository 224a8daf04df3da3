import { translate, uploadRules } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { gif, jpeg, pdf, png, xls, xlsx, zip } from '../../../test/files.ts';
import { AppError } from '../http/errors.ts';
import { checkUpload } from './check.ts';
import { imageDimensions, sniffKind } from './sniff.ts';

const file = (name: string, bytes: Buffer) => ({ name, bytes });

/** The refusal `checkUpload` throws, as the English sentence a user reads and its status. */
async function refusal(files: Array<{ name: string; bytes: Buffer }>, rule: Parameters<typeof checkUpload>[1]) {
  const error = await checkUpload(files, rule).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, message: translate(error.key, 'en', error.params), data: error.data };
}

describe('what a file is, by its content', () => {
  it('knows jpg, png, gif, pdf, xls (OLE2) and xlsx (a zip naming a spreadsheet)', async () => {
    expect(await sniffKind(jpeg(8, 8))).toBe('jpg');
    expect(await sniffKind(png(2, 2))).toBe('png');
    expect(await sniffKind(gif(3, 2))).toBe('gif');
    expect(await sniffKind(pdf())).toBe('pdf');
    expect(await sniffKind(xls())).toBe('xls');
    expect(await sniffKind(xlsx())).toBe('xlsx');
  });

  it('knows nothing of text, a plain zip, or a Word document', async () => {
    expect(await sniffKind(Buffer.from('just some text, named x.png'))).toBeUndefined();
    expect(await sniffKind(zip({ 'a.txt': 'hello' }))).toBeUndefined();
    const docx = zip({
      '[Content_Types].xml':
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<document/>',
    });
    expect(await sniffKind(docx)).toBeUndefined();
  });

  it('reads the pixel size from the header of each image kind', () => {
    expect(imageDimensions(png(106, 60))).toEqual({ width: 106, height: 60 });
    expect(imageDimensions(jpeg(106, 60))).toEqual({ width: 106, height: 60 });
    expect(imageDimensions(gif(106, 60))).toEqual({ width: 106, height: 60 });
    expect(imageDimensions(Buffer.from('not an image'))).toBeUndefined();
  });
});

describe('upload rules', () => {
  it('takes what the rule allows and says what each file is', async () => {
    const checked = await checkUpload([file('a.jpg', jpeg(8, 8)), file('b.png', png(2, 2))], uploadRules.image);
    expect(checked.map((f) => f.kind)).toEqual(['jpg', 'png']);
  });

  it('refuses a renamed text file and a gif as an ordinary image, naming the file', async () => {
    expect(await refusal([file('x.png', Buffer.from('hello'))], uploadRules.image)).toEqual({
      status: 400,
      message: 'Only jpg and png images are accepted',
      data: { file: 'x.png' },
    });
    expect((await refusal([file('a.gif', gif(106, 60))], uploadRules.avatar)).message).toBe(
      'Only jpg and png images are accepted',
    );
  });

  it('holds a logo to jpg, png or gif at exactly 106 x 60 pixels', async () => {
    expect(await checkUpload([file('logo.gif', gif(106, 60))], uploadRules.logo)).toHaveLength(1);
    expect((await refusal([file('logo.pdf', pdf())], uploadRules.logo)).message).toBe(
      'Only jpg, png and gif images are accepted',
    );
    expect((await refusal([file('logo.png', png(100, 60))], uploadRules.logo)).message).toBe(
      'The image must be 106 x 60 pixels; this one is 100 x 60',
    );
  });

  it('takes one Excel workbook, xls or xlsx, and nothing else', async () => {
    expect(await checkUpload([file('a.xlsx', xlsx())], uploadRules.excel)).toHaveLength(1);
    expect(await checkUpload([file('a.xls', xls())], uploadRules.excel)).toHaveLength(1);
    expect(await refusal([file('a.xlsx', xlsx()), file('b.xlsx', xlsx())], uploadRules.excel)).toMatchObject({
      status: 413,
      message: 'Upload limits exceeded: at most 1 file(s) at a time',
    });
    expect((await refusal([file('a.csv', Buffer.from('a,b\n1,2\n'))], uploadRules.excel)).message).toBe(
      'Only xls and xlsx files are accepted',
    );
  });

  it('takes pdf and Excel as attachments, not a zip', async () => {
    expect(await checkUpload([file('a.pdf', pdf()), file('b.xls', xls())], uploadRules.attachment)).toHaveLength(2);
    expect((await refusal([file('a.zip', zip({ 'a.txt': 'x' }))], uploadRules.attachment)).message).toBe(
      'Only jpg, png, pdf, xls and xlsx files are accepted',
    );
  });

  it('refuses no file, an empty file and one over the size limit', async () => {
    expect((await refusal([], uploadRules.image)).message).toBe('Choose a file to upload');
    expect((await refusal([file('a.png', Buffer.alloc(0))], uploadRules.image)).message).toBe(
      'The file is empty, please re-upload',
    );
    expect(await refusal([file('big.png', png(700, 700, { noise: true }))], uploadRules.avatar)).toMatchObject({
      status: 413,
      message: 'Upload limits exceeded: each file may be at most 1 MB',
    });
  });
});
