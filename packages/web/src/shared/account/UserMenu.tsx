import { DownOutlined, IdcardOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Dropdown, Flex, type MenuProps, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut, type UserInfo } from '../auth.ts';
import { Text } from '../typography.tsx';
import { UserAvatar } from './UserAvatar.tsx';

interface UserMenuProps {
  user: Pick<UserInfo, 'nickname' | 'account' | 'avatar' | 'identityName'>;
  /** Opens the account centre (an in-app route in the portal, a page load elsewhere). */
  onAccountCenter(): void;
  /** Where to go once the session is gone. */
  onSignedOut(): void;
  /** The administration pages, offered only to a role that grants one of them (the portal decides). */
  administration?: { label: string; onOpen(): void };
}

/** The header's account menu: who is signed in, the account centre, and sign-out. */
export function UserMenu({ user, onAccountCenter, onSignedOut, administration }: UserMenuProps) {
  const { t } = useTranslation('common');
  const [leaving, setLeaving] = useState(false);
  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      style: { cursor: 'default' },
      label: (
        <Flex vertical style={{ minWidth: 168, padding: '2px 0' }}>
          <Text strong>{user.nickname}</Text>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {user.identityName ? `${user.account} · ${user.identityName}` : user.account}
          </Text>
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'center', icon: <IdcardOutlined />, label: t('account.center') },
    ...(administration ? [{ key: 'administration', icon: <SettingOutlined />, label: administration.label }] : []),
    { key: 'signOut', icon: <LogoutOutlined />, label: t('account.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'center') onAccountCenter();
    if (key === 'administration') administration?.onOpen();
    if (key === 'signOut') {
      setLeaving(true);
      await signOut();
      onSignedOut();
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button
        type="button"
        data-testid="user-menu"
        aria-label={t('account.menu')}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          height: 40,
          padding: '0 4px',
          border: 0,
          background: 'transparent',
          cursor: 'pointer',
          font: 'inherit',
        }}
      >
        {leaving ? <Spin size="small" /> : <UserAvatar name={user.nickname} avatar={user.avatar} size={30} />}
        <Text style={{ maxWidth: 140 }} ellipsis>
          {user.nickname}
        </Text>
        <DownOutlined style={{ fontSize: 10, color: '#8a94a6' }} />
      </button>
    </Dropdown>
  );
}
