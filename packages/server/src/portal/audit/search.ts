import type { auditQuery } from '@meridian/contracts';
import type { z } from 'zod';
import { fromJson } from '../../platform/db/sql.ts';
import { scopeOf } from '../access/scope.ts';
import type { Actor } from '../orgs/actor.ts';
import { auditPage } from './repository.ts';

export async function searchAudit(actor: Actor, query: z.infer<typeof auditQuery>) {
  const { page, size, ...filters } = query;
  const result = await auditPage(actor.db, await scopeOf(actor.db, actor.auth), filters, { page, size });
  return {
    ...result,
    list: result.list.map((row) => ({
      id: row.id,
      at: row.at,
      userId: row.user_id,
      account: row.account,
      action: row.action,
      result: row.result,
      targetType: row.target_type,
      targetId: row.target_id,
      detail: fromJson<Record<string, unknown> | null>(row.detail) ?? {},
      ip: row.ip,
      userAgent: row.user_agent,
    })),
  };
}
