import type { accountRow, Page } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import type { Output } from '../contracts.ts';
import { post } from '../request.ts';

type AccountRow = Output<typeof accountRow>;

/** The first accounts of the caller's scope matching `keyword` (all accounts for a super administrator). */
const accountChoices = (keyword: string, signal?: AbortSignal) =>
  post<Page<AccountRow>>(
    'apis-authz/auth/user/queryAllAccount',
    { page: 1, size: 20, keyword: keyword || undefined },
    { signal },
  );

export interface AccountPickerProps {
  value?: number;
  onChange?(value: number | undefined): void;
  style?: React.CSSProperties;
  /** The front end's own words: what to type, and that nothing matched. */
  placeholder: string;
  notFound: string;
}

/** Picks an account of the caller's scope, searched by account, name or phone on the server. */
export function AccountPicker({ value, onChange, style, placeholder, notFound }: AccountPickerProps) {
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed.trim());
  const users = useQuery({
    queryKey: ['system', 'users', 'choices', keyword],
    queryFn: ({ signal }) => accountChoices(keyword, signal),
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
      placeholder={placeholder}
      notFoundContent={notFound}
      style={style}
      options={(users.data?.list ?? []).map((user) => ({
        value: user.id,
        label: `${user.nickname} (${user.account})`,
      }))}
    />
  );
}
