import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { signInWithPassword } from '../../shared/auth.ts';
import { errorText } from '../../shared/errors.ts';
import { onPhone, passwordPath } from '../../shared/phone-password.ts';
import { LAST_ACCOUNT_KEY, passwordChangeAddress, type SignedIn } from '../../shared/session.ts';
import { readLocal } from '../../shared/storage.ts';
import { Glyph } from '../shell/glyphs.tsx';
import { h5Target } from './target.ts';

// The other ways load when chosen: most students open the page with a slip's account (decision 0051).
const StudentNoForm = lazy(() => import('./SchoolSignInForms.tsx').then((m) => ({ default: m.StudentNoForm })));
const PhoneCodeForm = lazy(() => import('./SchoolSignInForms.tsx').then((m) => ({ default: m.PhoneCodeForm })));

/** Account and password; a student's number and ID-card suffix (decision 0070); a parent's phone and SMS code. */
const MODES = ['password', 'studentNo', 'phone'] as const;
type Mode = (typeof MODES)[number];
const MODE_LABELS = { password: 'login.byPassword', studentNo: 'login.byStudentNo', phone: 'login.byPhone' } as const;

interface Credentials {
  account: string;
  password: string;
}

/**
 * `/h5/login`: students and parents sign in on their phones with the same password call as the
 * portal, and the session is kept where every app on this origin reads it. A password still at its
 * default is changed in the portal's account centre first, as every app requires.
 *
 * Plain elements styled as antd's (h5.css), not antd: this is the first screen of most students,
 * on a phone over mobile data (decision 0051). The rules are antd's: a field is checked as it
 * changes and every field when the form is sent.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const target = h5Target(search);
  const [values, setValues] = useState<Credentials>(() => ({
    // A slip's QR code names the account; otherwise the last one used on this phone.
    account: new URLSearchParams(search).get('account') ?? readLocal(LAST_ACCOUNT_KEY) ?? '',
    password: '',
  }));
  const [checked, setChecked] = useState<Record<keyof Credentials, boolean>>({ account: false, password: false });
  const chosenMode = new URLSearchParams(search).get('mode');
  const [mode, setMode] = useState<Mode>(MODES.find((m) => m === chosenMode) ?? 'password');
  const afterSignIn = (signedIn: SignedIn) => {
    if (!signedIn.user.defaultPass) navigate(target, { replace: true });
    // Students and parents change it here, on the phone; staff in the portal's account centre.
    else if (onPhone(signedIn.user.identityId)) navigate(passwordPath(target), { replace: true });
    else window.location.assign(passwordChangeAddress(`/h5${target}`));
  };
  const signIn = useMutation({
    mutationFn: ({ account, password }: Credentials) => signInWithPassword(account.trim(), password),
    meta: { silentError: true },
    onSuccess: afterSignIn,
  });
  const problems: Record<keyof Credentials, string | null> = {
    account: values.account.trim() ? null : t('login.accountRequired'),
    password: values.password ? null : t('login.passwordRequired'),
  };
  const change = (field: keyof Credentials) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setChecked((old) => ({ ...old, [field]: true }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked({ account: true, password: true });
    if (!problems.account && !problems.password) signIn.mutate(values);
  };
  // The next page's code is on its way after a successful sign-in: the button keeps spinning.
  const busy = signIn.isPending || navigation.state !== 'idle';
  return (
    <div className="h5-card" data-testid="h5-login">
      <h3 className="h5-title">{t('login.heading')}</h3>
      <p className="h5-secondary">{t('login.intro')}</p>
      <fieldset className="h5-segmented h5-login-modes" aria-label={t('login.modes')} data-testid="h5-login-modes">
        {MODES.map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)}>
            {t(MODE_LABELS[m])}
          </button>
        ))}
      </fieldset>
      {mode === 'studentNo' && (
        <Suspense fallback={null}>
          <StudentNoForm busy={busy} onSignedIn={afterSignIn} search={search} />
        </Suspense>
      )}
      {mode === 'phone' && (
        <Suspense fallback={null}>
          <PhoneCodeForm busy={busy} onSignedIn={afterSignIn} search={search} />
        </Suspense>
      )}
      <form name="h5-sign-in" noValidate onSubmit={submit} hidden={mode !== 'password'}>
        {signIn.error ? <SignInRefusal error={signIn.error} /> : null}
        <Field label={t('login.account')} error={checked.account ? problems.account : null}>
          {(id) => (
            <span className="h5-input">
              <Glyph name="user" />
              <input
                id={id}
                name="account"
                value={values.account}
                onChange={(event) => change('account')(event.target.value)}
                placeholder={t('login.accountPlaceholder')}
                autoComplete="username"
                autoCapitalize="none"
                data-testid="h5-account"
              />
            </span>
          )}
        </Field>
        <Field label={t('login.password')} error={checked.password ? problems.password : null}>
          {(id) => <PasswordInput id={id} value={values.password} onChange={change('password')} />}
        </Field>
        <SubmitButton busy={busy} label={t('login.submit')} testId="h5-sign-in" />
      </form>
    </div>
  );
}

/** antd's button spacing: a label of exactly two Chinese characters gets a space between them ("登 录"). */
export const spaced = (label: string) => (/^[\u4e00-\u9fa5]{2}$/.test(label) ? label.split('').join(' ') : label);

/** A large primary submit button that spins while `busy`. */
export function SubmitButton(props: { busy: boolean; label: string; testId: string }) {
  return (
    <button
      type="submit"
      className="h5-button h5-button-primary h5-button-large"
      aria-busy={props.busy}
      disabled={props.busy}
      data-testid={props.testId}
    >
      {props.busy && <span className="h5-spin" aria-hidden="true" />}
      {spaced(props.label)}
    </button>
  );
}

export function Field(props: { label: string; error: string | null; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className="h5-field" data-invalid={props.error !== null}>
      <label htmlFor={id}>{props.label}</label>
      {props.children(id)}
      {props.error && (
        <div className="h5-field-error" role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}

export function PasswordInput(props: {
  id: string;
  value: string;
  onChange(value: string): void;
  name?: string;
  autoComplete?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="h5-input">
      <Glyph name="lock" />
      <input
        id={props.id}
        name={props.name ?? 'password'}
        type={shown ? 'text' : 'password'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder ?? t('login.passwordPlaceholder')}
        autoComplete={props.autoComplete ?? 'current-password'}
        data-testid={`h5-${props.name ?? 'password'}`}
      />
      <button
        type="button"
        className="h5-reveal"
        aria-label={t('login.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        <Glyph name={shown ? 'eye' : 'eyeInvisible'} />
      </button>
    </span>
  );
}

/** The refusal above the form, in the server's own words, as the portal's FormAlert shows it. */
export function SignInRefusal({ error }: { error: unknown }) {
  const [title, ...details] = errorText(error).split('\n');
  const shown = details.filter((line) => line !== title);
  return (
    <div className="h5-alert" role="alert" data-testid="form-error">
      <Glyph name="closeCircle" />
      <div>
        <div>{title}</div>
        {shown.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </div>
    </div>
  );
}
