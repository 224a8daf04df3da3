import { holdsMembership, type Lang, levelInForce, planOf, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Engine } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { SendError } from '../../platform/sms/send.ts';
import { partsOf } from '../../platform/time.ts';
import { treeTopFor } from '../../portal/orgs/sub-users/repository.ts';
import * as repo from './repository.ts';

/** The calendar month of an instant in the deployment's zone (`TIME_ZONE`): `2026-03`. */
export function monthOf(at: number): string {
  const p = partsOf(at);
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/**
 * Why a message is refused when the month's allowance and the packs are used up: kept in English
 * on the delivery, shown on Alarm Notification in the reader's language (`lastErrorIn`).
 */
export const NONE_LEFT = { sms: 'delivery.noSmsLeft', voice: 'delivery.noVoiceLeft' } as const;

/** A delivery's last error as a reader of `lang` reads it: the refusals above in their language, others as recorded. */
export function lastErrorIn(recorded: string | null, lang: Lang): string | null {
  const key = Object.values(NONE_LEFT).find((k) => translate(k, 'en') === recorded);
  return key ? translate(key, lang) : recorded;
}

/**
 * Pays for one alarm SMS or call sent through the platform's provider (decision 0134): a unit of
 * the month of the account at the top of the device owner's tree (its level's smsPerMonth or
 * voicePerMonth), else one of its pack credits, else a permanent SendError with the sentence the
 * delivery log shows. The delivery is marked paid in the same transaction, so a retry of it pays
 * nothing. A tree whose top is not a main account (the platform's own) is not counted.
 */
export async function chargeAlarmMessage(
  db: Kysely<Database>,
  engine: Engine,
  delivery: { id: number; ownerId: number; channel: 'sms' | 'voice' },
  at: number,
): Promise<'month' | 'credit' | null> {
  return db.transaction().execute(async (trx) => {
    const top = await treeTopFor(trx, delivery.ownerId, engine);
    if (!top || !holdsMembership(top)) return null;
    if (!(await repo.markCharged(trx, delivery.id, 'month'))) return null;
    const plan = planOf(levelInForce(top, at));
    const allowance = delivery.channel === 'sms' ? plan.smsPerMonth : plan.voicePerMonth;
    if (await repo.takeMonthUnit(trx, top.id, monthOf(at), delivery.channel, allowance)) return 'month';
    if (await repo.takeCredit(trx, top.id, delivery.channel, at)) {
      await repo.markCharged(trx, delivery.id, 'credit', 'month');
      return 'credit';
    }
    throw new SendError(translate(NONE_LEFT[delivery.channel], 'en'), { permanent: true, kind: 'setup' });
  });
}
