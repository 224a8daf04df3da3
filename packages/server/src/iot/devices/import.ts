import {
  DEVICE_IMPORT_MAX_ROWS,
  type DeviceCreate,
  deviceCreate,
  type ImportProblem,
  type Lang,
  localizeIssue,
  translate,
  uploadRules,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { readSheet, type SheetColumn, UnreadableSheetError, writeWorkbook } from '../../platform/excel/sheet.ts';
import { checkUpload } from '../../platform/files/check.ts';
import { receiveUpload } from '../../platform/files/receive.ts';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { templateNames } from '../templates/repository.ts';
import { NAMES_IN_SAMPLE, resolveTemplateCells } from './import-templates.ts';
import { refuseBelowLevel } from './level.ts';
import { checkNumbers, checkReferences } from './rules.ts';
import { insertAll } from './service.ts';

type ImportField =
  | 'name'
  | 'sn'
  | 'mac'
  | 'imei'
  | 'imei2'
  | 'deviceNo'
  | 'commPassword'
  | 'queryInterval'
  | 'templateId'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'warrantyStart'
  | 'warrantyEnd'
  | 'remark';

const col = (field: ImportField, zh: string, en: string, aliases?: string[]): SheetColumn<ImportField> => ({
  field,
  title: { 'zh-CN': zh, en },
  aliases,
});

/** The columns of the Excel Batch Import template; the header row may be in either language. */
export const IMPORT_COLUMNS: readonly SheetColumn<ImportField>[] = [
  col('name', '设备名称', 'Device name'),
  col('sn', 'SN', 'SN'),
  col('mac', 'MAC', 'MAC'),
  col('imei', 'IMEI', 'IMEI'),
  col('imei2', 'IMEI2', 'IMEI2'),
  col('deviceNo', '设备ID', 'Device ID'),
  col('commPassword', '通讯密码', 'Communication password'),
  col('queryInterval', '查询频率(秒)', 'Querying frequency (s)'),
  // Named as in Templates; files made from the older template, which asked for the id, still import.
  col('templateId', '设备型号(模板名称)', 'Device model (template name)', [
    '设备型号(模板ID)',
    'Device model (template ID)',
  ]),
  col('address', '地址', 'Address'),
  col('latitude', '纬度', 'Latitude'),
  col('longitude', '经度', 'Longitude'),
  col('warrantyStart', '保修开始', 'Warranty start'),
  col('warrantyEnd', '保修结束', 'Warranty end'),
  col('remark', '备注', 'Remark'),
];
const NUMBER_FIELDS: readonly ImportField[] = ['deviceNo', 'queryInterval', 'latitude', 'longitude'];
const DATE_FIELDS: readonly ImportField[] = ['warrantyStart', 'warrantyEnd'];
const EXAMPLE: Record<ImportField, string | number> = {
  name: 'Boiler room DTU',
  sn: '01234567890123456789',
  mac: 'D8:B0:4C:12:34:56',
  imei: '',
  imei2: '',
  deviceNo: '',
  commPassword: 'Pa55word',
  queryInterval: 300,
  templateId: '',
  address: 'No. 1 Industrial Road',
  latitude: 31.2304,
  longitude: 121.4737,
  warrantyStart: '2026-01-01',
  warrantyEnd: '2028-12-31',
  remark: '',
};

/**
 * The template download: the header in the caller's language (`*` marks the required name) and one
 * example row; a second sheet lists the caller's templates by name (and id), what the device model
 * column takes.
 */
export async function importTemplate(actor: Actor): Promise<Buffer> {
  const lang = actor.lang;
  const scope = await accountScopeOf(actor.db, actor.auth);
  const templates = await templateNames(actor.db, scope, NAMES_IN_SAMPLE);
  const header = IMPORT_COLUMNS.map((c) => (c.field === 'name' ? `*${c.title[lang]}` : c.title[lang]));
  return writeWorkbook([
    {
      name: translate('device.import.sheet', lang),
      rows: [header, IMPORT_COLUMNS.map((c) => EXAMPLE[c.field])],
      widths: IMPORT_COLUMNS.map((c) => Math.max(12, c.title.en.length + 2)),
    },
    {
      name: translate('device.import.templatesSheet', lang),
      rows: [
        [translate('device.import.templateName', lang), translate('device.import.templateId', lang)],
        ...templates.list.map((t) => [t.name, t.id]),
        ...(templates.total === 0 ? [[translate('device.import.noTemplates', lang), null]] : []),
      ],
      widths: [40, 14],
    },
  ]);
}

/** A date cell: `2026-01-31` (or with slashes), as epoch milliseconds at UTC midnight. */
function parseDate(text: string): number | undefined {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (!m) return undefined;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(at) ? undefined : at;
}

/** One row's cells as the add call's body, with the problems found turning text into numbers and dates. */
function rowInput(row: number, cells: Partial<Record<ImportField, string>>, lang: Lang) {
  const problems: ImportProblem[] = [];
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(cells) as Array<[ImportField, string]>) {
    if (NUMBER_FIELDS.includes(field)) {
      const n = Number(value);
      if (Number.isFinite(n)) body[field] = n;
      else problems.push({ row, field, msg: translate('device.import.number', lang) });
    } else if (DATE_FIELDS.includes(field)) {
      const at = parseDate(value);
      if (at === undefined) problems.push({ row, field, msg: translate('device.import.date', lang) });
      else body[field] = at;
    } else body[field] = value;
  }
  return { body, problems };
}

/**
 * Excel Batch Import: one xls or xlsx under 20 MB, at most 100 rows of one device model. Every row
 * is checked before anything is written; any bad row answers 400 with the report
 * `[{ row, field, msg }]` and nothing is imported; otherwise all rows go in one transaction.
 */
export async function importDevices(actor: Actor, request: FastifyRequest): Promise<{ imported: number }> {
  const rule = uploadRules.excel;
  const received = await receiveUpload(request, { maxBytes: rule.maxBytes, maxFiles: rule.maxFiles, fields: [] });
  const [file] = await checkUpload(received.files, rule);
  if (!file) throw new AppError(400, 'files.noFile');
  // After the upload is read, so that the refusal does not cut the request short.
  await refuseBelowLevel(actor.db, actor.auth, 'edit');
  const lang = actor.lang;
  let sheet: ReturnType<typeof readSheet<ImportField>>;
  try {
    sheet = readSheet(file.bytes, { columns: IMPORT_COLUMNS });
  } catch (error) {
    if (error instanceof UnreadableSheetError) throw new AppError(400, 'device.import.unreadable');
    throw error;
  }
  if (sheet.missing.some((c) => c.field === 'name')) {
    const columns = sheet.missing.filter((c) => c.field === 'name').map((c) => c.title[lang]);
    throw new AppError(400, 'device.import.noHeader', { params: { columns: columns.join(', ') } });
  }
  if (sheet.rows.length === 0) throw new AppError(400, 'device.import.noData');
  if (sheet.rows.length > DEVICE_IMPORT_MAX_ROWS) {
    throw new AppError(400, 'device.import.tooManyRows', {
      params: { max: DEVICE_IMPORT_MAX_ROWS, count: sheet.rows.length },
    });
  }

  const scope = await accountScopeOf(actor.db, actor.auth);
  const templates = await resolveTemplateCells(
    actor.db,
    scope,
    sheet.rows.flatMap((r) => (r.cells.templateId ? [r.cells.templateId] : [])),
    lang,
  );
  const problems: ImportProblem[] = [];
  const devices: Array<{ row: number; input: DeviceCreate }> = [];
  for (const { row, cells } of sheet.rows) {
    const { templateId: templateCell, ...rest } = cells;
    const parsed = rowInput(row, rest, lang);
    const template = templateCell === undefined ? undefined : templates.get(templateCell);
    if (template && 'id' in template) parsed.body.templateId = template.id;
    // A row whose template is unknown is left out of the one-model check below.
    else if (template) parsed.problems.push({ row, field: 'templateId', msg: template.error });
    problems.push(...parsed.problems);
    const checked = deviceCreate.safeParse(parsed.body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const { field, msg } = localizeIssue(issue, lang);
        if (!parsed.problems.some((p) => p.field === field)) problems.push({ row, field, msg });
      }
    } else if (!template || 'id' in template) devices.push({ row, input: checked.data });
  }
  const models = new Set(devices.map((d) => d.input.templateId ?? null));
  if (models.size > 1) {
    const first = devices[0]?.input.templateId ?? null;
    for (const d of devices) {
      if ((d.input.templateId ?? null) !== first) {
        problems.push({ row: d.row, field: 'templateId', msg: translate('device.import.oneModel', lang) });
      }
    }
  }
  const numberRules = await checkNumbers(
    actor.db,
    scope,
    devices.map((d) => ({ sn: d.input.sn, deviceNo: d.input.deviceNo, prefix: `${d.row}:` })),
  );
  for (const d of devices) {
    for (const r of await checkReferences(actor.db, scope, d.input, `${d.row}:`)) numberRules.push(r);
  }
  for (const r of numberRules) {
    const [row, field] = r.field.split(':');
    problems.push({ row: Number(row), field: field ?? '', msg: translate(r.key, lang, r.params) });
  }
  if (problems.length) {
    problems.sort((a, b) => a.row - b.row);
    throw new AppError(400, 'device.import.invalid', { data: problems });
  }
  const ids = await insertAll(
    actor,
    devices.map((d) => d.input),
    'importDevices',
  );
  return { imported: ids.length };
}
