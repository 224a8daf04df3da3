import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rolePage } from './api.ts';

interface RoleSelectProps {
  value?: number;
  onChange?(value: number | undefined): void;
  style?: React.CSSProperties;
  id?: string;
}

/** Picks one of the roles the caller may see, searched by name on the server. */
export function RoleSelect({ value, onChange, style, id }: RoleSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const name = useDeferredValue(typed.trim());
  const roles = useQuery({
    queryKey: ['system', 'roles', 'choices', name],
    queryFn: ({ signal }) => rolePage({ page: 1, size: 50, name: name || undefined }, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={roles.isFetching}
      placeholder={t('system.all')}
      style={style}
      options={(roles.data?.list ?? []).map((role) => ({
        value: role.id,
        label: role.orgName ? `${role.name} · ${role.orgName}` : role.name,
      }))}
    />
  );
}
