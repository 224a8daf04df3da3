import { z } from 'zod';

/** User name: 3-20 characters of Chinese, letters, digits and underscore. */
export const accountName = z.string().regex(/^[\p{Script=Han}A-Za-z0-9_]{3,20}$/u, 'v.account');

/** 6-20 characters, no whitespace, at least two kinds among letters, digits and symbols. */
export function isStrongPassword(value: string): boolean {
  if (value.length < 6 || value.length > 20 || /\s/.test(value)) return false;
  const kinds = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value)).length;
  return kinds >= 2;
}
export const password = z.string().refine(isStrongPassword, 'v.password');

export const phone = z.string().regex(/^1[3-9]\d{9}$/, 'v.phone');
export const email = z
  .string()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'v.email');
export const verificationCode = z.string().regex(/^\d{6}$/, 'v.code');
export const nickname = z.string().trim().min(1, 'v.nickname').max(30, 'v.nickname');
