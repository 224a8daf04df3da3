import { isSessionInvalid } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { fetchUserInfo, signInWithPassword } from '../../shared/auth.ts';
import { ApiError } from '../../shared/errors.ts';
import { post } from '../../shared/request.ts';
import { storedUser } from '../../shared/session.ts';
import { Field, PasswordInput, SignInRefusal, SubmitButton } from './LoginPage.tsx';
import { h5Target } from './target.ts';

interface Values {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}
const FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;

/** The session after the change: the same one when the server kept it, else a new one with the new password. */
async function sessionAfterChange(account: string, password: string): Promise<void> {
  try {
    await fetchUserInfo();
  } catch (error) {
    if (!(error instanceof ApiError && isSessionInvalid(error.code))) throw error;
    await signInWithPassword(account, password);
  }
}

/**
 * `/h5/password`: a student or parent whose password is still the one on their slip changes it
 * here, on the phone, then goes straight on to their tasks. The server's password policy judges
 * the new password and its refusal is shown in its own words.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const target = h5Target(search);
  const [values, setValues] = useState<Values>({ oldPassword: '', password: '', confirmPassword: '' });
  const [checked, setChecked] = useState(false);
  const change = useMutation({
    mutationFn: async (form: Values) => {
      await post<null>('apis-authz/auth/user/forceUpdatePassword', form);
      await sessionAfterChange(storedUser()?.account ?? '', form.password);
    },
    meta: { silentError: true },
    onSuccess: () => navigate(target, { replace: true }),
  });
  const problems: Record<keyof Values, string | null> = {
    oldPassword: values.oldPassword ? null : t('password.oldRequired'),
    password: values.password ? null : t('password.newRequired'),
    confirmPassword: !values.confirmPassword
      ? t('password.confirmRequired')
      : values.confirmPassword !== values.password
        ? t('password.mismatch')
        : null,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (FIELDS.every((f) => problems[f] === null)) change.mutate(values);
  };
  const busy = change.isPending || navigation.state !== 'idle';
  return (
    <div className="h5-card" data-testid="h5-password-page">
      <h3 className="h5-title">{t('password.heading')}</h3>
      <p className="h5-secondary">{t('password.intro')}</p>
      <form name="h5-password" noValidate onSubmit={submit}>
        {change.error ? <SignInRefusal error={change.error} /> : null}
        {FIELDS.map((field) => (
          <Field key={field} label={t(`password.${field}`)} error={checked ? problems[field] : null}>
            {(id) => (
              <PasswordInput
                id={id}
                name={field}
                value={values[field]}
                onChange={(value) => setValues((old) => ({ ...old, [field]: value }))}
                placeholder={t(`password.${field}`)}
                autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
              />
            )}
          </Field>
        ))}
        <SubmitButton busy={busy} label={t('password.submit')} testId="h5-change-password" />
      </form>
    </div>
  );
}
