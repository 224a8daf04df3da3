import { DownOutlined, IdcardOutlined, LogoutOutlined } from '@ant-design/icons';
import { Dropdown, Flex, type MenuProps, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut, type UserInfo } from '../auth.ts';
import { UserAvatar } from './UserAvatar.tsx';

interface UserMenuProps {
  user: Pick<UserInfo, 'nickname' | 'account' | 'avatar' | 'identityName'>;
  /** Opens the account centre (an in-app route in the portal, a page load elsewhere). */
  onAccountCenter(): void;
  /** Where to go once the session is gone. */
  onSignedOut(): void;
}

/** The header's account menu: who is signed in, the account centre, and sign-out. */
export function UserMenu({ user, onAccountCenter, onSignedOut }: UserMenuProps) {
  const { t } = useTranslation('common');
  const [leaving, setLeaving] = useState(false);
  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      style: { cursor: 'default' },
      label: (
        <Flex vertical style={{ minWidth: 168, padding: '2px 0' }}>
          <Typography.Text strong>{user.nickname}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {user.identityName ? `${user.account} · ${user.identityName}` : user.account}
          </Typography.Text>
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'center', icon: <IdcardOutlined />, label: t('account.center') },
    { key: 'signOut', icon: <LogoutOutlined />, label: t('account.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'center') onAccountCenter();
    if (key === 'signOut') {
      setLeaving(true);
      await signOut();
      onSignedOut();
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Flex
        role="button"
        tabIndex={0}
        data-testid="user-menu"
        aria-label={t('account.menu')}
        align="center"
        gap={8}
        style={{ cursor: 'pointer', padding: '0 4px', height: 40 }}
      >
        {leaving ? <Spin size="small" /> : <UserAvatar name={user.nickname} avatar={user.avatar} size={30} />}
        <Typography.Text style={{ maxWidth: 140 }} ellipsis>
          {user.nickname}
        </Typography.Text>
        <DownOutlined style={{ fontSize: 10, color: '#8a94a6' }} />
      </Flex>
    </Dropdown>
  );
}
