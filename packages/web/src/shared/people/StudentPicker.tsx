import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studentPage } from './api.ts';

/** Finds a student of the scope by the start of their name or number. */
export function StudentPicker({
  value,
  onChange,
  schoolId,
}: {
  value?: number;
  onChange?(value: number | undefined): void;
  schoolId?: number;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['people', 'studentPicker', schoolId, keyword],
    queryFn: ({ signal }) => studentPage({ schoolId, keyword: keyword || undefined, page: 1, size: 20 }, signal),
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={found.isFetching}
      placeholder={t('system.people.students.keyword')}
      notFoundContent={t('system.people.students.empty')}
      options={(found.data?.list ?? []).map((s) => ({
        value: s.id,
        label: `${s.name} · ${s.studentNo} · ${[s.grade?.name, s.class?.name].filter(Boolean).join(' ')}`,
      }))}
    />
  );
}
