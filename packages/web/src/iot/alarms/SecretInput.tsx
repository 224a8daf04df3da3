import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** A write-only secret: never shown back; left blank, the stored one is kept. */
export function SecretInput({ stored, ...props }: InputProps & { stored: boolean }) {
  const { t } = useTranslation();
  return (
    <Input.Password
      autoComplete="new-password"
      placeholder={stored ? t('alarms.settings.secretKept') : t('alarms.settings.secretNew')}
      {...props}
    />
  );
}
