import type { OrgNode, Page } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { get } from '../request.ts';

const schoolsOfScope = (signal?: AbortSignal) =>
  get<Page<OrgNode>>('apis-rbac/org/data/school', { query: { size: 500 }, signal });

/** The schools of the caller's data scope (a class teacher: the school of their classes). */
export function useSchools() {
  return useQuery({
    queryKey: ['people', 'schools'],
    queryFn: ({ signal }) => schoolsOfScope(signal),
    staleTime: 60_000,
  });
}

interface SchoolSelectProps {
  value?: number;
  onChange?(value: number | undefined): void;
  style?: React.CSSProperties;
  id?: string;
  allowClear?: boolean;
  testId?: string;
}

/** Picks a school of the caller's scope. */
export function SchoolSelect({ value, onChange, style, id, allowClear = true, testId }: SchoolSelectProps) {
  const { t } = useTranslation();
  const schools = useSchools();
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      loading={schools.isPending}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder={t('system.people.school.placeholder')}
      notFoundContent={t('system.people.school.none')}
      style={style}
      options={(schools.data?.list ?? []).map((school) => ({ value: school.id, label: school.name }))}
    />
  );
}
