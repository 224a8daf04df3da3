import type {
  InvoiceableOrderView,
  InvoiceInfoInput,
  InvoiceInfoView,
  InvoiceReviewInput,
  InvoiceStatus,
  InvoiceView,
  Page,
} from '@meridian/contracts';
import { get, post, put } from '../../shared/request.ts';

/** The calls of invoice info, applications and the administrator's review (decision 0098). */
export type { InvoiceableOrderView, InvoiceInfoView, InvoiceView };

type Paging = { page: number; size: number };
export interface InvoiceFilters {
  status?: InvoiceStatus;
}

const BASE = 'iot/billing';
export const invoiceInfo = (signal?: AbortSignal) => get<InvoiceInfoView | null>(`${BASE}/invoice-info`, { signal });
export const saveInvoiceInfo = (input: InvoiceInfoInput) => put<InvoiceInfoView>(`${BASE}/invoice-info`, input);
export const invoiceableOrders = (signal?: AbortSignal) =>
  get<InvoiceableOrderView[]>(`${BASE}/invoiceable-orders`, { signal });
export const listMyInvoices = (query: InvoiceFilters & Paging, signal?: AbortSignal) =>
  get<Page<InvoiceView>>(`${BASE}/invoices`, { query: { ...query }, signal });
export const applyForInvoice = (orderIds: number[]) => post<InvoiceView>(`${BASE}/invoices`, { orderIds });
export const listInvoiceQueue = (query: InvoiceFilters & Paging, signal?: AbortSignal) =>
  get<Page<InvoiceView>>('iot/invoices', { query: { ...query }, signal });
export const reviewInvoice = (id: number, input: InvoiceReviewInput) =>
  post<InvoiceView>(`iot/invoices/${id}/review`, input);
