import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { FILE_PATH } from './files.ts';

/**
 * Neutral (white-label) operation (Device Cloud spec sections 1, 5, 9; decision 0116): a neutral
 * member runs the platform under its own name on a domain of its own.
 */
export const BRAND_NAME_MAX = 30;
export const BRAND_ICP_MAX = 100;
/** Spec section 9: neutral operation starts from 10,000 (yuan; the neutral membership's price). */
export const NEUTRAL_PRICE_FROM = 10_000;

/** Spec section 5: the custom domain starts with `console` and has at most three levels. */
export const BRAND_DOMAIN_LEVELS = 3;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The message key for what is wrong with a custom domain, or undefined when it may be used. */
export function brandDomainProblem(domain: string): string | undefined {
  const labels = domain.split('.');
  if (labels[0] !== 'console') return 'v.brand.domainStart';
  if (labels.length < 2 || labels.length > BRAND_DOMAIN_LEVELS) return 'v.brand.domainLevels';
  if (domain.length > 253 || !labels.every((l) => LABEL.test(l))) return 'v.brand.domainFormat';
  return undefined;
}

/** A stored file's path, or null for none. */
const image = (key: string) => z.string({ error: key }).regex(FILE_PATH, key).nullable().default(null);

export const brandInput = z.strictObject({
  name: z.string({ error: 'v.brand.name' }).trim().min(1, 'v.brand.name').max(BRAND_NAME_MAX, 'v.brand.name'),
  /** A file uploaded with purpose `logo`: the server checked its content and its 106x60 size. */
  logo: z.string({ error: 'v.brand.logo' }).regex(FILE_PATH, 'v.brand.logo'),
  favicon: image('v.brand.favicon'),
  background: image('v.brand.background'),
  primaryColor: z.string({ error: 'v.brand.color' }).regex(/^#[0-9a-fA-F]{6}$/, 'v.brand.color'),
  icp: z.string({ error: 'v.brand.icp' }).trim().max(BRAND_ICP_MAX, 'v.brand.icp').default(''),
  domain: z
    .string({ error: 'v.brand.domainStart' })
    .trim()
    .toLowerCase()
    .superRefine((domain, ctx) => {
      const problem = brandDomainProblem(domain);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type BrandInput = z.input<typeof brandInput>;
export type BrandData = z.output<typeof brandInput>;

/** What every page on the brand's domain shows: public, so the sign-in page can show it. */
export const publicBrand = z.object({
  name: z.string(),
  logo: z.string(),
  favicon: z.string().nullable(),
  background: z.string().nullable(),
  primaryColor: z.string(),
  icp: z.string(),
});
export type PublicBrand = z.infer<typeof publicBrand>;

export const brandView = publicBrand.extend({ domain: z.string(), updatedAt: z.number() });
export type BrandView = z.infer<typeof brandView>;

/** The neutral member's own brand, and whether it may have one (its neutral membership is in force). */
export const ownBrand = z.object({ neutral: z.boolean(), brand: brandView.nullable() });
export type OwnBrand = z.infer<typeof ownBrand>;

export const resellerUserQuery = pageQuery.extend({ keyword: textFilter(50) });
export type ResellerUserQuery = z.infer<typeof resellerUserQuery>;

/** An account that signed up on the neutral member's domain (a reseller user, spec section 6). */
export const resellerUser = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['enabled', 'disabled', 'pending']),
  createdAt: z.number(),
});
export type ResellerUser = z.infer<typeof resellerUser>;

export const resellerUserStatus = z.strictObject({
  status: z.enum(['enabled', 'disabled'], { error: 'v.brand.status' }),
});
