import type { firmwareZhCN } from './firmware.ts';

/** The English of `firmware.ts`. */
export const firmwareEn: typeof firmwareZhCN = {
  firmware: {
    keyword: 'Firmware name, series, model or version',
    upload: 'Upload firmware',
    uploadTitle: 'Upload firmware',
    uploaded: 'Firmware uploaded',
    empty: 'No firmware yet',
    name: 'Firmware name',
    series: 'Series',
    model: 'Model',
    version: 'Version',
    type: 'Firmware type',
    types: { full: 'Full', incremental: 'Incremental' },
    size: 'Size',
    sha256: 'SHA-256',
    sha256Hint: 'Optional: when given, the server checks the file’s SHA-256 against it',
    file: 'Firmware file',
    fileHint: 'A firmware image in any format, at most 16 MB',
    fileRequired: 'Choose a firmware file',
    remark: 'Remarks',
    createdAt: 'Uploaded',
    allTypes: 'All types',
    deleteAsk: 'Delete firmware “{{name}} {{version}}”?',
  },
};
