import {
  isMessageKey,
  type Lang,
  type PageQuery,
  type TaskLogQuery,
  type TaskLogView,
  type TaskRecordQuery,
  type TaskRecordView,
  translate,
} from '@meridian/contracts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { rulesBroken } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';

/** What went wrong, as stored with a record: a catalogue key and its parameters. */
export interface Detail {
  key: string;
  params?: Record<string, string | number>;
}

function outcomeText(row: repo.RecordRow, lang: Lang): string {
  const outcome = translate(`timedTask.outcome.${row.outcome}`, lang);
  // Offline says all there is; the link's own sentence tells the user how to fix it, not what happened.
  if (!row.detail || row.outcome === 'offline') return outcome;
  const detail = fromJson<Detail>(row.detail);
  const said = isMessageKey(detail.key) ? translate(detail.key, lang, detail.params ?? {}) : detail.key;
  return said.startsWith(outcome) ? said : `${outcome}: ${said}`;
}

/** Execution Record: every write of every run to the devices the caller may see, newest first. */
export async function taskRecords(
  actor: Actor,
  filter: Omit<TaskRecordQuery, 'page' | 'size'>,
  page: PageQuery,
): Promise<{ list: TaskRecordView[]; total: number; page: number; size: number }> {
  if (filter.from !== undefined && filter.to !== undefined && filter.to <= filter.from)
    throw rulesBroken([{ field: 'to', key: 'alarm.range.order' }]);
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listRecords(actor.db, scope, filter, page);
  return {
    ...result,
    list: result.list.map((row) => ({
      id: Number(row.id),
      taskId: Number(row.task_id),
      taskName: row.task_name,
      deviceId: Number(row.device_id),
      deviceName: row.device_name,
      pointId: Number(row.point_id),
      pointName: row.point_name,
      value: row.value,
      dueAt: Number(row.due_at),
      ranAt: Number(row.ran_at),
      late: toBool(row.late),
      outcome: row.outcome,
      outcomeText: outcomeText(row, actor.lang),
    })),
  };
}

function logText(row: repo.LogRow, lang: Lang): string {
  if (!row.reason) return translate(`timedTask.log.${row.action}`, lang);
  const params = row.params === null ? {} : fromJson<Record<string, string>>(row.params);
  // Times are kept as instants and shown in the deployment's zone.
  const shown = params.time ? { ...params, time: formatDateTime(Number(params.time)) } : params;
  return translate(row.reason, lang, shown);
}

/** Execution Log: what the caller's tasks did, newest first. */
export async function taskLog(
  actor: Actor,
  filter: Omit<TaskLogQuery, 'page' | 'size'>,
  page: PageQuery,
): Promise<{ list: TaskLogView[]; total: number; page: number; size: number }> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listLog(actor.db, scope, filter, page);
  return {
    ...result,
    list: result.list.map((row) => ({
      id: Number(row.id),
      taskId: Number(row.task_id),
      taskName: row.task_name,
      at: Number(row.at),
      action: row.action,
      text: logText(row, actor.lang),
      by: row.by_account,
    })),
  };
}
