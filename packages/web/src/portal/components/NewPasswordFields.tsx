import { password } from '@meridian/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sameAsRule, schemaRule } from '../../shared/forms/rules.ts';

/**
 * A new password typed twice, checked as the user types with the shared rule (6-20 characters,
 * two kinds, no spaces); the second entry must match. Field names are the API's.
 */
export function NewPasswordFields({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={label ?? t('password.new')}
        extra={t('password.hint')}
        rules={[{ required: true, message: t('password.newRequired') }, schemaRule(password)]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" placeholder={t('password.newPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={[{ required: true, message: t('password.confirmRequired') }, sameAsRule('password')]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" placeholder={t('password.confirmPlaceholder')} />
      </Form.Item>
    </>
  );
}
