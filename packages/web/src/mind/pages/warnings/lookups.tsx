import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { orgSearch, teacherPage } from '../../../shared/people/api.ts';
import { useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { textIn } from '../assessments/lookups.ts';
import { type WarningLevel, type WarningState, warningLevels } from './api.ts';
import './strings.ts';

export const time = (at: number | null | undefined) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '-');

/** The deployment's warning levels, most severe first. */
export function useLevels() {
  return useQuery({
    queryKey: ['warn', 'levels'],
    queryFn: ({ signal }) => warningLevels(signal),
    staleTime: 5 * 60_000,
    meta: { silentError: true },
    select: (levels) => [...levels].sort((a, b) => a.rank - b.rank),
  });
}

/** A level's name in the reader's language; the code itself when the level is no longer configured. */
export function useLevelName(): (code: string | null) => string {
  const levels = useLevels();
  return (code) => {
    if (code === null) return '-';
    const level = levels.data?.find((l) => l.code === code);
    return level ? textIn(level.name) || code : code;
  };
}

/** A level as a tag in its configured colour. */
export function LevelTag({ code, levels }: { code: string; levels: WarningLevel[] | undefined }) {
  const level = levels?.find((l) => l.code === code);
  return (
    <Tag color={level?.colour ?? 'purple'} data-testid="warning-level">
      {level ? textIn(level.name) || code : code}
    </Tag>
  );
}

const STATE_COLOR: Record<WarningState, string> = {
  new: 'red',
  setUp: 'orange',
  published: 'blue',
  intervening: 'processing',
  handedOver: 'purple',
  solved: 'green',
  cancelled: 'default',
};

export function StateTag({ state }: { state: WarningState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-testid="warning-state">
      {t(`warn.state.${state}`)}
    </Tag>
  );
}

/** School and class id → name, for the scope's organisations (rows carry ids only). */
export function useOrgNames(): { school(id: number): string; klass(id: number | null): string } {
  const schools = useSchools();
  const classes = useQuery({
    queryKey: ['warn', 'classes'],
    queryFn: ({ signal }) => orgSearch({ type: 'class', size: 500 }, signal),
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
  return {
    school: (id) => schools.data?.list.find((s) => s.id === id)?.name ?? '',
    klass: (id) => (id === null ? '-' : (classes.data?.list.find((c) => c.id === id)?.name ?? '')),
  };
}

/**
 * Where a warned student sits, the warning's level and its state: the columns the due follow-ups
 * and the last levels share.
 */
export function useClassLevelStateColumns<
  R extends { schoolId: number; classId: number | null; level: string; state: WarningState },
>(): TableColumnsType<R> {
  const { t } = useTranslation();
  const levels = useLevels();
  const names = useOrgNames();
  return [
    {
      title: t('warn.list.class'),
      key: 'class',
      render: (_v, r) => [names.school(r.schoolId), names.klass(r.classId)].filter(Boolean).join(' / '),
    },
    {
      title: t('warn.list.level'),
      dataIndex: 'level',
      width: 100,
      render: (level: string) => <LevelTag code={level} levels={levels.data} />,
    },
    {
      title: t('warn.list.state'),
      dataIndex: 'state',
      width: 130,
      render: (state: WarningState) => <StateTag state={state} />,
    },
  ];
}

/** The active teachers of a school, for the handler pickers and to name a warning's handlers. */
export function useTeachers(schoolId: number | undefined, psychologyOnly = false) {
  return useQuery({
    queryKey: ['warn', 'teachers', schoolId, psychologyOnly],
    queryFn: ({ signal }) =>
      teacherPage(
        { schoolId, status: 'active', page: 1, size: 500, ...(psychologyOnly ? { isPsychology: true } : {}) },
        signal,
      ),
    enabled: schoolId !== undefined,
    staleTime: 60_000,
    meta: { silentError: true },
  });
}
