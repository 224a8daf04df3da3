import type { MaintenancePlanView, PlanState } from '@meridian/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLOR: Record<PlanState, string> = { notStarted: 'default', waiting: 'blue', ended: 'green' };

/** The plan's state in the spec's words (decision 0074). */
export function PlanStateTag({ state, testId }: { state: PlanState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-testid={testId}>
      {t(`plans.states.${state}`)}
    </Tag>
  );
}

/** "Every 2 weeks", "3 dates". */
export function useCycleText() {
  const { t } = useTranslation();
  return (p: Pick<MaintenancePlanView, 'cycle' | 'every' | 'dates'>) => {
    const count = (p.cycle === 'dates' ? p.dates.length : p.every) ?? 1;
    // Chinese has no plural forms: "every 1 month" is still 每月.
    return t(`plans.cycleText.${p.cycle}_${count === 1 ? 'one' : 'other'}`, { count });
  };
}
