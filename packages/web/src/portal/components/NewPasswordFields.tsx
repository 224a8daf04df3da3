import { LANGS, password, translate } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sameAsRule, schemaRule } from '../../shared/forms/rules.ts';
import { post } from '../../shared/request.ts';

/** The sentence beside new-password fields: the administrator's hint (`policy/info`), or the rule in words. */
function usePasswordHint(): string {
  const { t, i18n } = useTranslation();
  const info = useQuery({
    queryKey: ['policy', 'info', i18n.language],
    queryFn: ({ signal }) => post<{ hint: string }>('apis-authz/policy/info', undefined, { signal }),
    staleTime: 10 * 60_000,
    // The rule is known here too; a missing hint is not worth a toast.
    meta: { silentError: true },
  });
  const hint = info.data?.hint;
  // Without a hint of the administrator's the server answers the rule's error sentence, which the
  // field already shows when broken; the page's own wording of the rule reads better beside it.
  const custom = hint && !LANGS.some((lang) => hint === translate('v.password', lang));
  return custom ? hint : t('password.hint');
}

/**
 * A new password typed twice, checked as the user types with the shared rule (6-20 characters,
 * two kinds, no spaces); the second entry must match. Field names are the API's.
 */
export function NewPasswordFields({ label }: { label?: string }) {
  const { t } = useTranslation();
  const hint = usePasswordHint();
  return (
    <>
      <Form.Item
        name="password"
        label={label ?? t('password.new')}
        extra={hint}
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
