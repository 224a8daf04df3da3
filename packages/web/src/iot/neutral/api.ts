import type { BrandInput, OwnBrand, Page, ResellerUser } from '@meridian/contracts';
import { get, put } from '../../shared/request.ts';

/** The calls of neutral operation (decision 0116): the member's brand and the customers of its domain. */
export type { OwnBrand, ResellerUser };

type Paging = { page: number; size: number };
export interface CustomerFilters {
  keyword?: string;
}

export const ownBrand = (signal?: AbortSignal) => get<OwnBrand>('portal/brand', { signal });
export const saveBrand = (input: BrandInput) => put<OwnBrand>('portal/brand', input);
export const listCustomers = (query: CustomerFilters & Paging, signal?: AbortSignal) =>
  get<Page<ResellerUser>>('portal/brand/customers', { query: { ...query }, signal });
export const setCustomerStatus = (id: number, status: 'enabled' | 'disabled') =>
  put<null>(`portal/brand/customers/${id}/status`, { status });
