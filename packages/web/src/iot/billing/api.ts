import type {
  LedgerEntryView,
  LedgerReason,
  MembershipView,
  OrderInput,
  OrderStatus,
  OrderView,
  Page,
  TransferConfirmInput,
  TransferQueueView,
  TransferRejectInput,
} from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';

/** The calls of memberships, orders, WeChat Pay and the ledger (issue 24, decisions 0079 and 0080). */
export type { LedgerEntryView, MembershipView, OrderView, TransferQueueView };

type Paging = { page: number; size: number };
export interface OrderFilters {
  status?: OrderStatus;
}
export interface LedgerFilters {
  reason?: LedgerReason;
}

const BASE = 'iot/billing';
export const membership = (signal?: AbortSignal) => get<MembershipView>(`${BASE}/membership`, { signal });
export const listOrders = (query: OrderFilters & Paging, signal?: AbortSignal) =>
  get<Page<OrderView>>(`${BASE}/orders`, { query: { ...query }, signal });
export const orderOf = (id: number, signal?: AbortSignal) => get<OrderView>(`${BASE}/orders/${id}`, { signal });
export const placeOrder = (input: OrderInput) => post<OrderView>(`${BASE}/orders`, input);
export const payByWechat = (id: number) =>
  post<{ orderId: number; codeUrl: string; expiresAt: number }>(`${BASE}/orders/${id}/wechat-pay`);
export const payByAlipay = (id: number) =>
  post<{ orderId: number; qrCode: string; expiresAt: number }>(`${BASE}/orders/${id}/alipay`);
export const queryAlipay = (id: number) => post<OrderView>(`${BASE}/orders/${id}/alipay/query`);
export const payByBalance = (id: number) => post<OrderView>(`${BASE}/orders/${id}/balance`);
export const payByTransfer = (id: number) =>
  post<{ orderId: number; payee: string; reference: string; expiresAt: number }>(`${BASE}/orders/${id}/bank-transfer`);
export const listTransfers = (query: Paging, signal?: AbortSignal) =>
  get<Page<TransferQueueView>>(`${BASE}/transfers`, { query: { ...query }, signal });
export const confirmTransfer = (id: number, input: TransferConfirmInput) =>
  post<OrderView>(`${BASE}/transfers/${id}/confirm`, input);
export const rejectTransfer = (id: number, input: TransferRejectInput) =>
  post<OrderView>(`${BASE}/transfers/${id}/reject`, input);
export const cancelOrder = (id: number) => post<OrderView>(`${BASE}/orders/${id}/cancel`);
export const listLedger = (query: LedgerFilters & Paging, signal?: AbortSignal) =>
  get<Page<LedgerEntryView>>(`${BASE}/ledger`, { query: { ...query }, signal });

/** Cents as yuan, always two decimals: ¥999.00. */
export const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
