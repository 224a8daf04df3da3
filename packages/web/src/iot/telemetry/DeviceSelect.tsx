import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDevices } from '../devices/api.ts';

const CHOICES = 50;

/** One of the caller's devices, found by name, SN or number as the user types. */
export function DeviceSelect(props: Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch'>) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const devices = useQuery({
    queryKey: ['iot', 'devices', 'choices', keyword],
    queryFn: ({ signal }) => listDevices({ page: 1, size: CHOICES, keyword: keyword || undefined }, signal),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      loading={devices.isFetching}
      notFoundContent={t('ui.noChoices')}
      placeholder={t('data.pickDevice')}
      options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.sn ? `${d.name} (${d.sn})` : d.name }))}
      {...props}
    />
  );
}
