import { useTranslation } from 'react-i18next';
import { AccountPicker, type AccountPickerProps } from '../../../shared/people/AccountPicker.tsx';

/** Picks an account of the caller's scope, searched by account, name or phone on the server. */
export function UserPicker(props: Omit<AccountPickerProps, 'placeholder' | 'notFound'>) {
  const { t } = useTranslation();
  return <AccountPicker {...props} placeholder={t('system.roles.pickUser')} notFound={t('system.users.empty')} />;
}
