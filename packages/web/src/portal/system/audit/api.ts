import type { auditQuery, Page } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { post } from '../../../shared/request.ts';

/** One entry of the audit log (`apis-authz/audit/page`). */
export interface AuditEntry {
  id: number;
  at: number;
  userId: number | null;
  account: string | null;
  action: string;
  result: 'ok' | 'fail';
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

export type AuditQuery = Output<typeof auditQuery>;

export const searchAudit = (query: AuditQuery, signal?: AbortSignal) =>
  post<Page<AuditEntry>>('apis-authz/audit/page', query, { signal });
