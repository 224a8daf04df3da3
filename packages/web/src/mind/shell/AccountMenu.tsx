import { DownOutlined, IdcardOutlined, LogoutOutlined } from '@ant-design/icons';
import { Identity } from '@meridian/contracts';
import { Dropdown, Flex, type MenuProps, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../shared/account/UserAvatar.tsx';
import type { UserInfo } from '../../shared/auth.ts';
import { useFeedback } from '../../shared/FeedbackApp.tsx';
import { Text } from '../../shared/typography.tsx';
import { signOutOfMind } from '../session/signOut.ts';
import { type MindIdentity, useIdentities } from './api.ts';

/** Spec section 2: the platform operator identity is not listed in the account menu. */
const listed = (identities: MindIdentity[]) => identities.filter((i) => i.identityId !== Identity.operator);

/** The header's account menu: nickname, each identity with its departments, the account center, logout. */
export function AccountMenu({ user }: { user: Pick<UserInfo, 'nickname' | 'avatar'> }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const identities = useIdentities();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (identities.isError) message.error({ key: 'identityFailed', content: t('account.identityFailed') });
  }, [identities.isError, message, t]);

  const shown = listed(identities.data ?? []);
  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      style: { cursor: 'default' },
      label: (
        <Flex vertical gap={2} style={{ minWidth: 200, padding: '2px 0' }} data-testid="account-who">
          <Text strong>{user.nickname}</Text>
          {shown.length === 0 && (
            <Text type="secondary" style={{ fontSize: 12 }}>
              {t('account.noIdentity')}
            </Text>
          )}
          {shown.map((identity) => (
            <Text key={identity.identityId} type="secondary" style={{ fontSize: 12 }}>
              {[identity.identityName, ...identity.orgList.map((org) => org.deptName)].join(' · ')}
            </Text>
          ))}
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'center', icon: <IdcardOutlined />, label: t('account.center') },
    { key: 'signOut', icon: <LogoutOutlined />, label: t('account.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') navigate('/accountCenter');
    if (key === 'signOut') {
      setLeaving(true);
      void signOutOfMind();
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
