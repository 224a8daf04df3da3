import { z } from 'zod';

/** Every API answer, errors included, has this shape; `code` 200 is success. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const fieldErrorSchema = z.object({ field: z.string(), msg: z.string() });
