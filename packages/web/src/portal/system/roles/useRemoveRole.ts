import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/errors.ts';
import { useConfirm } from '../../../shared/useConfirm.ts';
import { type RoleSummary, removeRole } from './api.ts';

/** How many hold a role the server would not remove (409 `role.assigned`, `data.users`), else null. */
function holdersOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 409) return null;
  const data = error.data;
  return typeof data === 'object' && data !== null && 'users' in data && typeof data.users === 'number'
    ? data.users
    : null;
}

/**
 * Removes a role, asked first. When it is still held the server says so and keeps it; the
 * administrator is then offered to take it from its holders and remove it.
 */
export function useRemoveRole() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const removed = async (role: RoleSummary) => {
    message.success(t('system.roles.removed', { name: role.name }));
    await queryClient.invalidateQueries({ queryKey: ['system', 'roles'] });
    await queryClient.invalidateQueries({ queryKey: ['system', 'users'] });
  };
  const takeAndRemove = (role: RoleSummary, users: number, refusal: string) =>
    confirm(
      {
        title: refusal,
        content: t('system.roles.takeText', { count: users }),
        okText: t('system.roles.takeAndRemove'),
        danger: true,
      },
      async () => {
        await removeRole(role.id, true);
        await removed(role);
      },
    );
  return (role: RoleSummary) =>
    confirm(
      {
        title: t('system.roles.removeTitle', { name: role.name }),
        content: t('system.roles.removeText'),
        okText: t('system.roles.remove'),
        danger: true,
      },
      async () => {
        try {
          await removeRole(role.id, false);
          await removed(role);
        } catch (error) {
          const users = holdersOf(error);
          if (users === null || !(error instanceof ApiError)) throw error;
          takeAndRemove(role, users, error.message);
        }
      },
    );
}
