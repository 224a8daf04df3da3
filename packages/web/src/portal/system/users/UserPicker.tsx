import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryAllAccount } from './api.ts';

interface UserPickerProps {
  value?: number;
  onChange?(value: number | undefined): void;
  style?: React.CSSProperties;
}

/** Picks an account of the caller's scope, searched by account, name or phone on the server. */
export function UserPicker({ value, onChange, style }: UserPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed.trim());
  const users = useQuery({
    queryKey: ['system', 'users', 'choices', keyword],
    queryFn: ({ signal }) => queryAllAccount({ page: 1, size: 20, keyword: keyword || undefined }, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <Select<number>
      data-testid="user-picker"
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={users.isFetching}
      placeholder={t('system.roles.pickUser')}
      notFoundContent={t('system.users.empty')}
      style={style}
      options={(users.data?.list ?? []).map((user) => ({
        value: user.id,
        label: `${user.nickname} (${user.account})`,
      }))}
    />
  );
}
