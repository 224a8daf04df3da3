import { LANGS, type Lang, type ScaleDefinition, uploadRules } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { fromJson, now, toJson } from '../../platform/db/sql.ts';
import { readSheet, UnreadableSheetError } from '../../platform/excel/sheet.ts';
import { checkUpload } from '../../platform/files/check.ts';
import { receiveUpload } from '../../platform/files/receive.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { insertVersion, pathsAbove, updateScale, versionRow } from './repository.ts';
import { scaleDetail, visibleScale } from './service.ts';

/**
 * Imports the item text of a licensed scale in one language (item number → text), as a new
 * version with the same key: tasks published before keep the text they were answered with. The
 * licence is the deployment's, so the text serves every organisation, and only the platform's
 * administrator or an administrator of a top organisation may import it.
 */
export async function importItemText(actor: Actor, input: { id: number; lang: Lang; texts: Record<string, string> }) {
  const { scope, row } = await visibleScale(actor, input.id);
  if (!scope.all && !scope.orgPaths.some((path) => pathsAbove(path).length === 1)) {
    throw new AppError(403, 'scale.itemTextAdmin');
  }
  const version =
    row.current_version_id === null ? undefined : await versionRow(actor.db, Number(row.current_version_id));
  if (!version) throw new AppError(409, 'scale.notPublished');
  const definition = fromJson<ScaleDefinition>(version.definition);
  if (!definition.licensedText) throw new AppError(400, 'scale.notLicensed');

  const known = new Set(definition.items.map((item) => item.id));
  const entries = Object.entries(input.texts);
  const unknown = entries.filter(([no]) => !known.has(no));
  if (entries.length === 0 || unknown.length > 0) {
    throw rulesBroken(
      entries.length === 0
        ? [{ field: 'texts', key: 'v.scale.itemText' }]
        : unknown.map(([no]) => ({ field: `texts.${no}`, key: 'v.scale.itemText' })),
    );
  }
  const next: ScaleDefinition = {
    ...definition,
    languages: definition.languages.includes(input.lang) ? definition.languages : [...definition.languages, input.lang],
    items: definition.items.map((item) => {
      const text = input.texts[item.id];
      return text === undefined ? item : { ...item, text: { ...item.text, [input.lang]: text } };
    }),
  };
  const at = now();
  await actor.db.transaction().execute(async (trx) => {
    const versionId = await insertVersion(trx, {
      scale_id: Number(row.id),
      version: Number(version.version) + 1,
      definition: toJson(next),
      published_by: actor.auth.userId,
      published_at: at,
      reason: 'itemText',
    });
    await updateScale(trx, Number(row.id), { current_version_id: versionId, updated_at: at });
    await audit(trx, actor.request, {
      action: 'scale.itemText',
      targetType: 'scale',
      targetId: Number(row.id),
      detail: { lang: input.lang, items: entries.length },
    });
  });
  return scaleDetail(actor, Number(row.id));
}

const COLUMNS = [
  { field: 'no', title: { 'zh-CN': '题号', en: 'Item' } },
  { field: 'text', title: { 'zh-CN': '题目', en: 'Text' } },
] as const;

/**
 * The same import from a workbook: the first sheet, a header row 题号/Item and 题目/Text, one
 * item per row; form fields `id` (the scale) and `lang`.
 */
export async function importItemTextSheet(actor: Actor, request: FastifyRequest) {
  const received = await receiveUpload(request, {
    maxBytes: uploadRules.excel.maxBytes,
    maxFiles: 1,
    fields: ['id', 'lang'],
  });
  const [file] = await checkUpload(received.files, uploadRules.excel);
  if (!file) throw new AppError(400, 'files.noFile');
  const id = Number(received.fields.id);
  const lang = LANGS.find((l) => l === received.fields.lang);
  if (!Number.isInteger(id) || id <= 0) throw rulesBroken([{ field: 'id', key: 'scale.notFound' }]);
  if (!lang) throw rulesBroken([{ field: 'lang', key: 'v.scale.language' }]);
  let sheet: ReturnType<typeof readSheet<'no' | 'text'>>;
  try {
    sheet = readSheet(file.bytes, { columns: COLUMNS });
  } catch (error) {
    if (error instanceof UnreadableSheetError) throw new AppError(400, 'scale.importFile');
    throw error;
  }
  if (sheet.missing.length > 0 || sheet.rows.length === 0) throw new AppError(400, 'scale.importFile');
  const texts: Record<string, string> = {};
  for (const row of sheet.rows) {
    const no = row.cells.no ?? '';
    const text = row.cells.text ?? '';
    if (!no || !text) throw rulesBroken([{ field: `row ${row.row}`, key: 'v.scale.itemText' }]);
    texts[no] = text;
  }
  return importItemText(actor, { id, lang, texts });
}
