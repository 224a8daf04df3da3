import { useQueryClient } from '@tanstack/react-query';
import { App, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../shared/useConfirm.ts';
import { usePermissions } from '../access.ts';
import { beginRunAs } from '../runAs.ts';
import { type AccountRow, defaultPassword, resetPassword, runAs, setStatus, setVipLevel } from './api.ts';
import { VIP_LEVELS } from './labels.tsx';

type Target = Pick<AccountRow, 'id' | 'account' | 'nickname' | 'status' | 'vipLevel'>;

const POLICY_VIEW = { path: '/system/policy', code: 'view' };

function VipChoice({ initial, onChange }: { initial: number; onChange(level: number): void }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState(initial);
  return (
    <Radio.Group
      data-testid="vip-choice"
      value={level}
      onChange={(event) => {
        setLevel(event.target.value);
        onChange(event.target.value);
      }}
      style={{ marginTop: 8 }}
    >
      <Flex vertical gap={8}>
        {VIP_LEVELS.map((vip) => (
          <Radio key={vip} value={vip}>
            {t(`system.users.vip.${vip}`)}
          </Radio>
        ))}
      </Flex>
    </Radio.Group>
  );
}

/**
 * What an administrator does to an account, each asked first: reset the password, enable or
 * disable, set the membership, act as the user. Lists refresh after a change.
 */
export function useAccountActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['system', 'users'] });
  const name = (user: Target) => `${user.nickname} (${user.account})`;

  const reset = async (user: Target) => {
    // Someone who may read the policy can tell the person their new password; others read where it is set.
    const shown = can(POLICY_VIEW)
      ? await queryClient
          .fetchQuery({ queryKey: ['system', 'defaultPassword'], queryFn: ({ signal }) => defaultPassword(signal) })
          .catch((error: unknown) => {
            // The reset does not depend on it: the note then says where the password is set.
            console.warn('The default password could not be read', error);
            return null;
          })
      : null;
    confirm(
      {
        title: t('system.users.resetTitle', { name: name(user) }),
        content: (
          <Flex vertical gap={8} data-testid="reset-note">
            <span>{t('system.users.resetText')}</span>
            {shown ? (
              <span>
                {t('system.users.defaultPasswordIs')}{' '}
                <Typography.Text code copyable>
                  {shown.password}
                </Typography.Text>
              </span>
            ) : (
              <Typography.Text type="secondary">{t('system.users.defaultPasswordWhere')}</Typography.Text>
            )}
          </Flex>
        ),
        okText: t('system.users.reset'),
        danger: true,
      },
      async () => {
        await resetPassword(user.id);
        message.success(t('system.users.resetDone', { name: name(user) }));
        await refresh();
      },
    );
  };

  const toggleStatus = (user: Target) => {
    const disabling = user.status === 'enabled';
    confirm(
      {
        title: t(disabling ? 'system.users.disableTitle' : 'system.users.enableTitle', { name: name(user) }),
        content: t(disabling ? 'system.users.disableText' : 'system.users.enableText'),
        okText: t(disabling ? 'system.users.disable' : 'system.users.enable'),
        danger: disabling,
      },
      async () => {
        await setStatus(user.id, disabling ? 'disabled' : 'enabled');
        message.success(t(disabling ? 'system.users.disabled' : 'system.users.enabled', { name: name(user) }));
        await refresh();
      },
    );
  };

  const membership = (user: Target) => {
    let chosen = user.vipLevel;
    confirm(
      {
        title: t('system.users.vipTitle', { name: name(user) }),
        content: (
          <VipChoice
            initial={user.vipLevel}
            onChange={(level) => {
              chosen = level;
            }}
          />
        ),
        okText: t('system.save'),
      },
      async () => {
        if (chosen === user.vipLevel) return;
        await setVipLevel(user.id, chosen);
        message.success(t('system.users.vipDone', { name: name(user), level: t(`system.users.vip.${chosen}`) }));
        await refresh();
      },
    );
  };

  const actAs = (user: Target) =>
    confirm(
      {
        title: t('system.users.runAsTitle', { name: name(user) }),
        content: t('system.users.runAsText'),
        okText: t('system.users.runAs'),
      },
      async () => {
        const { token } = await runAs(user.id);
        beginRunAs(token);
        // A new page load: nothing the administrator's session cached may show as the user's.
        window.location.assign('/');
      },
    );

  return { reset, toggleStatus, membership, actAs };
}
