import { AI_IMPORT_LIMITS, optionsOf, textOf, translate, uploadRules } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { toJson } from '../../platform/db/sql.ts';
import { checkUpload } from '../../platform/files/check.ts';
import { receiveUpload } from '../../platform/files/receive.ts';
import { AppError } from '../../platform/http/errors.ts';
import { scopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { storeFiles } from '../../portal/files/store.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { staffScope } from '../assessments/tasks.ts';
import { orgByPath } from '../assessments/tasks-repository.ts';
import { stamp, startDownload } from '../downloads/service.ts';
import { firstTopOrg, insertImportTask, publishedScales } from './import-repository.ts';
import { AI_IMPORT_COLUMNS, type AiImportParams, readRecords } from './import-rows.ts';

/**
 * The template: the record columns (with as many item columns as the longest scale the caller may
 * use) and a second sheet listing each scale's code, items and options.
 */
export async function aiImportTemplate(actor: Actor) {
  await staffScope(actor);
  const scaleScope = await scopeOf(actor.db, actor.auth);
  const scales = await publishedScales(actor.db, scaleScope);
  const longest = Math.min(AI_IMPORT_LIMITS.itemsMax, Math.max(1, ...scales.map((s) => Number(s.item_count))));
  const lang = actor.lang;
  const head = AI_IMPORT_COLUMNS.slice(0, 5 + longest).map((c) => c.title[lang]);
  const list: Array<Array<string | number>> = [
    (['aiImport.col.scale', 'aiImport.col.scaleName', 'aiImport.col.items', 'aiImport.col.options'] as const).map((k) =>
      translate(k, lang),
    ),
  ];
  for (const s of scales) {
    const definition = await pinnedDefinition(actor.db, Number(s.current_version_id));
    const options = optionsOf(definition, definition.items[0] ?? { id: '', text: {} })
      .map((o) => `${o.value}=${textOf(o.label, lang)}`)
      .join('; ');
    list.push([s.code, textOf(definition.name, lang), definition.items.length, options]);
  }
  return {
    name: `${translate('aiImport.file.template', lang)}.xlsx`,
    sheets: [
      { name: translate('aiImport.sheet.records', lang), rows: [head], widths: head.map((_, i) => (i < 5 ? 16 : 8)) },
      { name: translate('aiImport.sheet.scales', lang), rows: list, widths: [14, 30, 8, 60] },
    ],
  };
}

/**
 * `ai-im import task`: receives the xlsx (by content, 20 MB), checks its header and size at once,
 * keeps the file for the job and records the download task, its job and the assessment task the
 * rows become results of (mode interview, already ended), all in one transaction.
 */
export async function startAiImport(actor: Actor, request: FastifyRequest) {
  const scope = await staffScope(actor);
  const rule = uploadRules.excel;
  const received = await receiveUpload(request, { maxBytes: rule.maxBytes, maxFiles: rule.maxFiles, fields: [] });
  const [file] = await checkUpload(received.files, rule);
  if (!file) throw new AppError(400, 'files.noFile');
  const rows = readRecords(file.bytes, actor.lang);
  const scaleScope = await scopeOf(actor.db, actor.auth);
  const [top] = [...scaleScope.orgPaths].sort((a, b) => a.length - b.length);
  const owner = scaleScope.all ? await firstTopOrg(actor.db) : top ? await orgByPath(actor.db, top) : undefined;
  if (!owner) throw new AppError(403, 'auth.forbidden');
  const [stored] = await storeFiles(filesContextOf(request), [file], {
    purpose: 'attachment',
    protected: true,
    ownerId: actor.auth.userId,
  });
  if (!stored) throw new Error('the file was not recorded');
  const at = Date.now();
  const date = stamp(new Date(at));
  const taskId = await insertImportTask(actor.db, {
    org_id: owner.id,
    org_path: owner.path,
    name: translate('aiImport.task.name', actor.lang, { date }),
    kind: 'student',
    rater: null,
    mode: 'interview',
    state: 'ended',
    targets: toJson({ schoolIds: [], gradeIds: [], classIds: [], studentIds: [], teacherUserIds: [] }),
    starts_at: at,
    ends_at: at,
    retest: false,
    show_report: false,
    max_minutes: null,
    assignee_count: 0,
    created_by: actor.auth.userId,
    created_at: at,
    updated_at: at,
    published_at: at,
  });
  const params: AiImportParams = { fileId: stored.id, taskId, ownerId: actor.auth.userId, scope, scaleScope };
  const name = translate('aiImport.file.name', actor.lang, { date });
  const task = await startDownload(actor, 'aiImport', name, params, 'ai.interview.import');
  await audit(actor.db, actor.request, {
    action: 'ai.interview.import.file',
    targetType: 'assessment_task',
    targetId: taskId,
    detail: { rows: rows.length, downloadTaskId: task.id, file: stored.original_name },
  });
  return task;
}
