import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/** Spec section 3: a firmware image is the whole program, or a difference against the one before. */
export const FIRMWARE_TYPES = ['full', 'incremental'] as const;
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];

/** The largest firmware image a device takes (decision 0063): 16 MB covers MCU and module images. */
export const FIRMWARE_MAX_BYTES = 16 * 1024 * 1024;

const text = (max: number, key: string) =>
  z.string({ error: 'v.firmware.required' }).trim().min(1, 'v.firmware.required').max(max, key);

/** The form fields of an upload, sent beside the file. */
export const firmwareUpload = z.object({
  name: text(50, 'v.firmware.name'),
  series: text(50, 'v.firmware.series'),
  model: text(50, 'v.firmware.model'),
  version: text(30, 'v.firmware.version'),
  type: z.enum(FIRMWARE_TYPES, { error: 'v.firmware.type' }),
  /** What the uploader computed; the server refuses the file when its own SHA-256 differs. */
  sha256: z
    .string()
    .trim()
    .transform((s) => s.toLowerCase() || undefined)
    .pipe(
      z
        .string()
        .regex(/^[0-9a-f]{64}$/, 'v.firmware.sha256')
        .optional(),
    )
    .optional(),
  remark: z.string().trim().max(200, 'v.firmware.remark').optional(),
});
export type FirmwareUpload = z.infer<typeof firmwareUpload>;
export const FIRMWARE_UPLOAD_FIELDS = ['name', 'series', 'model', 'version', 'type', 'sha256', 'remark'] as const;

export const firmwareSearch = pageQuery.extend({
  keyword: textFilter(50),
  type: z.enum(FIRMWARE_TYPES).optional(),
});
export type FirmwareSearch = z.infer<typeof firmwareSearch>;

export const firmwareView = z.object({
  id: z.number(),
  ownerId: z.number(),
  name: z.string(),
  series: z.string(),
  model: z.string(),
  version: z.string(),
  type: z.enum(FIRMWARE_TYPES),
  size: z.number(),
  sha256: z.string(),
  fileName: z.string(),
  remark: z.string().nullable(),
  createdAt: z.number(),
});
export type FirmwareView = z.infer<typeof firmwareView>;
