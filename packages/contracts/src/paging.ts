import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 500;

/** `?page=1&size=20`: pages count from 1. Query strings arrive as text, so both are coerced. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A list's text filter (a keyword, a name): trimmed, at most `max` characters. Blank (empty, spaces,
 * a tab) is no filter, as a search box left empty means, so a service never sees an empty keyword.
 */
export const textFilter = (max: number, tooLong?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((text) => text || undefined)
    .optional();

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
