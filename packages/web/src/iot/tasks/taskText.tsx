import type { RunOutcome, TimedTaskState } from '@meridian/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export const time = (at: number | null) => (at === null ? '-' : dayjs(at).format('YYYY-MM-DD HH:mm:ss'));

const STATE_COLORS: Record<TimedTaskState, string> = {
  waiting: 'blue',
  running: 'green',
  paused: 'orange',
  ended: 'default',
};
const OUTCOME_COLORS: Record<RunOutcome, string> = {
  success: 'green',
  noReply: 'orange',
  errorReply: 'orange',
  offline: 'default',
  formatError: 'red',
  failed: 'red',
};

export function StateTag({ state, testId }: { state: TimedTaskState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid={testId}>
      {t(`tasks.stateName.${state}`)}
    </Tag>
  );
}

export function OutcomeTag({ outcome, text }: { outcome: RunOutcome | null; text?: string }) {
  const { t } = useTranslation();
  if (outcome === null) return <>-</>;
  return <Tag color={OUTCOME_COLORS[outcome]}>{text ?? t(`tasks.outcome.${outcome}`)}</Tag>;
}

/** Failed writes among all writes, as a percentage; "-" before the first run. */
export const failureRate = (runs: number, failures: number) =>
  runs === 0 ? '-' : `${Math.round((failures / runs) * 1000) / 10}%`;
