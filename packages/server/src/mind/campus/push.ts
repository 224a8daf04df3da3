import {
  type CampusDelivery,
  type CampusEventType,
  type CampusHandler,
  type CampusNotice,
  type CampusPushChannel,
  type CampusPushRule,
  type CampusPushRuleInput,
  type CampusPushType,
  type EmotionAlertLevel,
  type MessageKey,
  translate,
  withinHours,
} from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob, type Job, type JobContext } from '../../platform/jobs/types.ts';
import { type Accepted, SendError } from '../../platform/sms/send.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { schoolScope } from './devices.ts';
import {
  activeStaffAmong,
  alertFacts,
  contactsOf,
  deleteRule,
  deliveriesOf,
  enabledAmong,
  findRuleInScope,
  insertNotices,
  insertRule,
  markNoticeRead,
  type NoticeTable,
  namesOf,
  noticesOf,
  type RuleRow,
  recordedAmong,
  rulesInScope,
  rulesOfSchool,
  rulesOfSchools,
  updateRule,
} from './push-repository.ts';
import { campusSmsSender, campusWechatSender, readyChannels } from './push-senders.ts';
import { activeTeachersOf, findSchool } from './repository.ts';

// Push configuration of behaviour alerts (decision 0097).

export const CAMPUS_PUSH = 'mind.campus.push';
/** Hours are China time: a rule for 07:00-19:00 means Beijing's day. */
const ZONE_MS = 8 * 3_600_000;
const listOf = (text: string) => (text === '' ? [] : text.split(','));

/** The minute of the China day `at` falls in. */
export const chinaMinute = (at: number) => Math.floor((((at + ZONE_MS) % 86_400_000) + 86_400_000) / 60_000) % 1440;

async function rulesOut(actor: Actor, rows: RuleRow[]): Promise<CampusPushRule[]> {
  const ids = [...new Set(rows.flatMap((r) => listOf(r.user_ids).map(Number)))];
  const names = new Map((await namesOf(actor.db, ids)).map((u) => [Number(u.id), u.name]));
  return rows.map((r) => ({
    id: Number(r.id),
    schoolId: Number(r.school_id),
    schoolName: r.school_name,
    name: r.name,
    types: listOf(r.types) as CampusPushType[],
    people: listOf(r.user_ids).map((id) => ({ userId: Number(id), name: names.get(Number(id)) ?? '' })),
    channels: listOf(r.channels) as CampusPushChannel[],
    emotionLevels: listOf(r.emotion_levels) as EmotionAlertLevel[],
    fromMinute: Number(r.from_minute),
    toMinute: Number(r.to_minute),
    updatedAt: Number(r.updated_at),
  }));
}

export async function listRules(actor: Actor, schoolId: number | undefined): Promise<CampusPushRule[]> {
  return rulesOut(actor, await rulesInScope(actor.db, await schoolScope(actor), schoolId));
}

/** The school, when the caller's scope holds it; otherwise a refusal naming the field. */
export async function schoolInScope(actor: Actor, schoolId: number) {
  const scope = await schoolScope(actor);
  const school = await findSchool(actor.db, schoolId);
  if (!school || !(scope.all || scope.schoolIds.includes(Number(school.id)))) {
    throw new AppError(400, 'campus.notSchool', { rules: [{ field: 'schoolId', key: 'campus.notSchool' }] });
  }
  return school;
}

/** The people a rule of this school may name: its active staff. */
export async function pushPeople(actor: Actor, schoolId: number): Promise<CampusHandler[]> {
  await schoolInScope(actor, schoolId);
  const rows = await activeTeachersOf(actor.db, schoolId);
  return rows.map((x) => ({ userId: Number(x.user_id), name: x.name, teacherNo: x.teacher_no }));
}

/** Checks a rule against what the code base can do and whom the school has; answers its row. */
async function ruleRow(actor: Actor, body: CampusPushRuleInput) {
  const school = await schoolInScope(actor, body.schoolId);
  const ready = readyChannels(actor.request.server.config);
  if (body.channels.some((c) => !ready.includes(c))) {
    throw new AppError(400, 'campusPush.channelUnavailable', {
      rules: [{ field: 'channels', key: 'campusPush.channelUnavailable' }],
    });
  }
  const userIds = [...new Set(body.userIds)];
  const staff = await activeStaffAmong(actor.db, body.schoolId, userIds);
  if (staff.length !== userIds.length) {
    throw new AppError(400, 'campusPush.notStaff', { rules: [{ field: 'userIds', key: 'campusPush.notStaff' }] });
  }
  return {
    school_id: body.schoolId,
    school_path: school.path,
    name: body.name,
    types: [...new Set(body.types)].join(','),
    user_ids: userIds.join(','),
    channels: [...new Set(body.channels)].join(','),
    emotion_levels: [...new Set(body.emotionLevels)].join(','),
    from_minute: body.fromMinute,
    to_minute: body.toMinute,
  };
}

export async function addRule(actor: Actor, body: CampusPushRuleInput): Promise<CampusPushRule> {
  const row = await ruleRow(actor, body);
  const now = Date.now();
  const id = await insertRule(actor.db, { ...row, created_by: actor.auth.userId, created_at: now, updated_at: now });
  await audit(actor.db, actor.request, { action: 'campusPush.add', targetType: 'campus_push_rule', targetId: id });
  return getRule(actor, id);
}

async function getRule(actor: Actor, id: number): Promise<CampusPushRule> {
  const row = await findRuleInScope(actor.db, await schoolScope(actor), id);
  if (!row) throw new AppError(404, 'campusPush.ruleNotFound');
  const [rule] = await rulesOut(actor, [row]);
  return rule as CampusPushRule;
}

export async function editRule(actor: Actor, id: number, body: CampusPushRuleInput): Promise<CampusPushRule> {
  await getRule(actor, id);
  const row = await ruleRow(actor, body);
  await updateRule(actor.db, id, { ...row, updated_at: Date.now() });
  await audit(actor.db, actor.request, { action: 'campusPush.edit', targetType: 'campus_push_rule', targetId: id });
  return getRule(actor, id);
}

export async function removeRule(actor: Actor, id: number): Promise<void> {
  await getRule(actor, id);
  await deleteRule(actor.db, id);
  await audit(actor.db, actor.request, { action: 'campusPush.delete', targetType: 'campus_push_rule', targetId: id });
}

/** What a push job carries: the alert and, per person, the channels the matching rules chose. */
interface PushPayload {
  alertId: number;
  to: Array<{ userId: number; channels: readonly string[] }>;
}

/**
 * Whom a school's rules tell about an event of `type` arriving at `at`, each with the channels
 * chosen. An emotion alert names its `level`: a rule tells only about the levels it names.
 */
export async function pushRecipients(
  trx: Transaction<Database>,
  schoolId: number,
  type: CampusPushType,
  at: number,
  level?: EmotionAlertLevel,
): Promise<Recipient[]> {
  return recipientsByRules(await rulesOfSchool(trx, schoolId), type, at, level);
}

type Recipient = { userId: number; channels: CampusPushChannel[] };

/** Whom these rules (of one school) tell about an event of `type` arriving at `at`: see `pushRecipients`. */
function recipientsByRules(
  rules: Awaited<ReturnType<typeof rulesOfSchool>>,
  type: CampusPushType,
  at: number,
  level?: EmotionAlertLevel,
): Recipient[] {
  const minute = chinaMinute(at);
  const to = new Map<number, Set<CampusPushChannel>>();
  for (const r of rules) {
    if (!listOf(r.types).includes(type)) continue;
    if (level !== undefined && !listOf(r.emotion_levels).includes(level)) continue;
    if (!withinHours(Number(r.from_minute), Number(r.to_minute), minute)) continue;
    for (const id of listOf(r.user_ids).map(Number)) {
      const channels = to.get(id) ?? new Set();
      for (const c of listOf(r.channels)) channels.add(c as CampusPushChannel);
      to.set(id, channels);
    }
  }
  return [...to].map(([userId, channels]) => ({ userId, channels: [...channels] }));
}

/**
 * Matches new alerts against their schools' rules at the moment each arrived and queues one job
 * per alert with whom to tell, in the alerts' transaction (the outbox): the rules of all their
 * schools are read at once. Outside a rule's hours that rule sends nothing; with no rule matching,
 * nothing is queued. The alert's id keys the job.
 */
export async function queueAlertPushes(
  trx: Transaction<Database>,
  alerts: ReadonlyArray<{ id: number; schoolId: number; type: CampusEventType; at: number }>,
): Promise<void> {
  if (alerts.length === 0) return;
  const rules = await rulesOfSchools(trx, [...new Set(alerts.map((a) => a.schoolId))]);
  for (const a of alerts) {
    const ofSchool = rules.filter((r) => Number(r.school_id) === a.schoolId);
    await campusPush.queue(trx, a.id, recipientsByRules(ofSchool, a.type, a.at), a.at);
  }
}

/** Of the people a job tells, those to reach by site message whose accounts are enabled. */
async function siteRecipients(db: Kysely<Database>, to: PushPayload['to']): Promise<number[]> {
  const site = to.filter((p) => p.channels.includes('site')).map((p) => p.userId);
  if (site.length === 0) return [];
  return (await enabledAmong(db, site)).map((u) => Number(u.id));
}

/** The China time of an instant as `MM-DD HH:mm`, for a message's sentence. */
const chinaClock = (at: number) => new Date(at + ZONE_MS).toISOString().slice(5, 16).replace('T', ' ');

/** The sentence an SMS or WeChat message about an alert carries (the campus templates' one field), in Chinese. */
export type DescribeAlert = (db: Kysely<Database>, alertId: number) => Promise<string | null>;

/** One person's contact details as the message tables' senders read them. */
type Contact = Awaited<ReturnType<typeof contactsOf>>[number];

/** How a channel other than site messages reaches a person: the address on file and the deployment's sender. */
interface Carrier {
  channel: 'sms' | 'wechat';
  address(person: Contact): string;
  /** Why a person without an address was skipped. */
  noAddress: MessageKey;
  /** Why nobody was sent to when the deployment no longer configures the channel. */
  noProvider: MessageKey;
  send: ((address: string, content: string, key: string) => Promise<Accepted>) | null;
}

/** SMS to the roster's (else the account's) mobile (decision 0143); WeChat to the roster's openid (decision 0150). */
function carriers(config: JobContext['config']): Carrier[] {
  const sms = campusSmsSender(config);
  const wechat = campusWechatSender(config);
  return [
    {
      channel: 'sms',
      address: (p) => (p.staff_phone ?? p.phone ?? '').trim(),
      noAddress: 'campusPush.noMobile',
      noProvider: 'campusPush.noProvider',
      send: sms && ((target, content, key) => sms.send({ key, target, params: { content } })),
    },
    {
      channel: 'wechat',
      address: (p) => (p.wechat_openid ?? '').trim(),
      noAddress: 'campusPush.noWechat',
      noProvider: 'campusPush.noWechatProvider',
      send: wechat && ((openid, content) => wechat(openid, content)),
    },
  ];
}

/**
 * Sends one job's SMS and WeChat messages (decisions 0143, 0150): once per alert, person and
 * channel, whatever the job's runs. A person without the channel's address (mobile, openid) is
 * recorded skipped with the reason; a refusal that trying again cannot help is recorded failed at
 * once; a passing fault (no answer, a throttle) fails the run so that the outbox retries it, and
 * is recorded failed only on the job's last attempt.
 */
async function sendOutside(
  job: Job<PushPayload>,
  ctx: JobContext,
  table: NoticeTable,
  describe: DescribeAlert,
): Promise<void> {
  const db = ctx.db.kysely;
  const { alertId, to } = job.payload;
  let content: string | null | undefined;
  let passing: SendError | null = null;
  for (const carrier of carriers(ctx.config)) {
    const wanted = to.filter((p) => p.channels.includes(carrier.channel)).map((p) => p.userId);
    if (wanted.length === 0) continue;
    const done = new Set(await recordedAmong(db, table, alertId, carrier.channel, wanted));
    const people = (await contactsOf(db, wanted)).filter((u) => !done.has(Number(u.id)));
    if (people.length === 0) continue;
    if (content === undefined) content = await describe(db, alertId);
    const record = (
      userId: number,
      row: { status: string; reason?: MessageKey; detail?: string; ref?: string | null },
    ) =>
      insertNotices(db, table, [
        {
          alert_id: alertId,
          user_id: userId,
          channel: carrier.channel,
          created_at: Date.now(),
          read_at: null,
          status: row.status,
          reason: row.reason ?? null,
          detail: row.detail ?? null,
          ref: row.ref ?? null,
        },
      ]);
    for (const person of [...new Map(people.map((u) => [Number(u.id), u])).values()]) {
      const userId = Number(person.id);
      const address = carrier.address(person);
      if (!carrier.send || content === null) {
        await record(userId, { status: 'skipped', reason: carrier.noProvider });
      } else if (address === '') {
        await record(userId, { status: 'skipped', reason: carrier.noAddress });
      } else {
        try {
          const accepted = await carrier.send(address, content, `${job.kind}:${alertId}:${userId}`);
          await record(userId, { status: 'sent', ref: accepted.ref });
        } catch (error) {
          if (!(error instanceof SendError)) throw error;
          if (error.permanent || job.attempt >= job.maxAttempts) {
            await record(userId, { status: 'failed', reason: 'campusPush.refused', detail: error.message });
          } else {
            passing = error;
          }
        }
      }
    }
  }
  if (passing) throw passing;
}

/**
 * One alert kind's push (behaviour alerts here, emotion alerts in decision 0118): `queue` adds the
 * job in the alert's transaction (the outbox), keyed by the alert, when anyone is to be told; the
 * job sends a site message per person, keyed by alert, person and channel, so a run repeated
 * after a crash sends nothing twice, and the SMS and WeChat messages (decisions 0143, 0150) through
 * the deployment's providers.
 */
export function sitePush(kind: string, table: NoticeTable, describe: DescribeAlert) {
  return {
    /** `stage` keys a later push about the same alert (an emotion alert turning serious). */
    async queue(
      trx: Transaction<Database>,
      alertId: number,
      to: PushPayload['to'],
      at: number,
      stage?: string,
    ): Promise<boolean> {
      if (to.length === 0) return false;
      const payload: PushPayload = { alertId, to };
      const dedupeKey = stage === undefined ? `${kind}:${alertId}` : `${kind}:${alertId}:${stage}`;
      return insertJob(trx, { kind, payload, dedupeKey, maxAttempts: 3 }, at);
    },
    job: defineJob<PushPayload>({
      kind,
      maxAttempts: 3,
      async run(job, ctx) {
        const { alertId, to } = job.payload;
        const reachable = await siteRecipients(ctx.db.kysely, to);
        if (reachable.length > 0) {
          const at = Date.now();
          const rows = reachable.map((userId) => ({
            alert_id: alertId,
            user_id: userId,
            channel: 'site',
            created_at: at,
            read_at: null,
          }));
          await insertNotices(ctx.db.kysely, table, rows);
        }
        await sendOutside(job, ctx, table, describe);
      },
    }),
    /** Marks one of the caller's messages read; 404 when it is not theirs. */
    async read(actor: Actor, id: number, notFound: MessageKey): Promise<void> {
      if (!(await markNoticeRead(actor.db, table, actor.auth.userId, id, Date.now())))
        throw new AppError(404, notFound);
    },
  };
}

/** A behaviour alert's sentence: school, place, event type and China time. */
const describeCampusAlert: DescribeAlert = async (db, alertId) => {
  const facts = await alertFacts(db, alertId);
  if (!facts) return null;
  return translate('campusPush.sms', 'zh-CN', {
    school: facts.school_name,
    location: facts.location,
    type: translate(`journal.type.${facts.type}`, 'zh-CN'),
    time: chinaClock(Number(facts.occurred_at)),
  });
};

const campusPush = sitePush(CAMPUS_PUSH, 'campus_notices', describeCampusAlert);
export const campusPushJob = campusPush.job;

export async function myNotices(actor: Actor): Promise<{ unread: number; list: CampusNotice[] }> {
  const rows = await noticesOf(actor.db, actor.auth.userId, 20);
  const list = rows.map((r) => ({
    id: Number(r.id),
    alertId: Number(r.alert_id),
    type: r.type as CampusEventType,
    schoolName: r.school_name,
    location: r.location,
    occurredAt: Number(r.occurred_at),
    createdAt: Number(r.created_at),
    readAt: r.read_at === null ? null : Number(r.read_at),
  }));
  return { unread: list.filter((n) => n.readAt === null).length, list };
}

export function readNotice(actor: Actor, id: number): Promise<void> {
  return campusPush.read(actor, id, 'campusPush.noticeNotFound');
}

/** The channels rules may choose in this deployment (decision 0143). */
export function pushChannels(actor: Actor): { channels: CampusPushChannel[] } {
  return { channels: readyChannels(actor.request.server.config) };
}

/**
 * How the messages about one alert went, person by person and channel by channel (decisions 0143
 * and 0156): the caller has already been shown to see the alert.
 */
export async function deliveriesAbout(actor: Actor, table: NoticeTable, alertId: number): Promise<CampusDelivery[]> {
  const rows = await deliveriesOf(actor.db, table, alertId);
  const names = new Map(
    (await namesOf(actor.db, [...new Set(rows.map((r) => Number(r.user_id)))])).map((u) => [Number(u.id), u.name]),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    name: names.get(Number(r.user_id)) ?? '',
    channel: r.channel as CampusPushChannel,
    status: r.status as CampusDelivery['status'],
    reason: r.reason === null ? null : translate(r.reason, actor.lang, { detail: r.detail ?? '' }),
    at: Number(r.created_at),
  }));
}
