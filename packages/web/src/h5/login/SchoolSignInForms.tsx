import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeSignIn } from '../../shared/auth.ts';
import { get, post } from '../../shared/request.ts';
import type { SignedIn } from '../../shared/session.ts';
import { Glyph } from '../shell/glyphs.tsx';
import { Field, SignInRefusal, SubmitButton } from './LoginPage.tsx';

/** Rules as the server's (contracts), written here because the first screen carries no schema (decision 0051). */
const SUFFIX = /^\s*\d{5}[\dXx]\s*$/;
const PHONE = /^1\d{10}$/;
const CODE = /^\d{6}$/;

interface FormProps {
  busy: boolean;
  onSignedIn(signedIn: SignedIn): void;
  search: string;
}

/** A text input in H5's antd look. */
function TextInput(props: {
  id: string;
  name: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  glyph?: 'user' | 'lock';
  inputMode?: 'text' | 'tel' | 'numeric';
  maxLength?: number;
}) {
  return (
    <span className="h5-input">
      {props.glyph && <Glyph name={props.glyph} />}
      <input
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
        autoCapitalize="none"
        autoComplete="off"
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        data-testid={`h5-${props.name}`}
      />
    </span>
  );
}

/** Student number and the last six characters of the ID card, in a school that allows it (decision 0070). */
export function StudentNoForm({ busy, onSignedIn, search }: FormProps) {
  const { t } = useTranslation();
  const schools = useQuery({
    queryKey: ['studentNoSchools'],
    queryFn: ({ signal }) =>
      get<{ id: number; name: string }[]>('apis-authz/authz/login/studentNo/schools', { signal }),
  });
  const named = Number(new URLSearchParams(search).get('school')) || null;
  const [schoolId, setSchoolId] = useState<number | null>(named);
  const [studentNo, setStudentNo] = useState('');
  const [idSuffix, setIdSuffix] = useState('');
  const [checked, setChecked] = useState(false);
  const list = schools.data ?? [];
  const chosen = schoolId ?? (list.length === 1 ? (list[0]?.id ?? null) : null);
  const signIn = useMutation({
    mutationFn: () =>
      completeSignIn('apis-authz/authz/login/studentNo', { schoolId: chosen, studentNo: studentNo.trim(), idSuffix }),
    meta: { silentError: true },
    onSuccess: onSignedIn,
  });
  const problems = {
    school: chosen ? null : t('login.schoolRequired'),
    studentNo: studentNo.trim() ? null : t('login.studentNoRequired'),
    idSuffix: SUFFIX.test(idSuffix) ? null : t('login.idSuffixRule'),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!problems.school && !problems.studentNo && !problems.idSuffix) signIn.mutate();
  };
  if (schools.isSuccess && list.length === 0) {
    return (
      <p className="h5-secondary" data-testid="h5-student-no-off">
        {t('login.studentNoOff')}
      </p>
    );
  }
  return (
    <form name="h5-student-no" noValidate onSubmit={submit}>
      {signIn.error ? <SignInRefusal error={signIn.error} /> : null}
      {list.length > 1 && (
        <Field label={t('login.school')} error={checked ? problems.school : null}>
          {(id) => (
            <span className="h5-input">
              <select
                id={id}
                className="h5-select"
                value={chosen ?? ''}
                onChange={(event) => setSchoolId(Number(event.target.value) || null)}
                data-testid="h5-school"
              >
                <option value="">{t('login.schoolPlaceholder')}</option>
                {list.map((school) => (
                  <option key={school.id} value={school.id}>
                    {school.name}
                  </option>
                ))}
              </select>
            </span>
          )}
        </Field>
      )}
      {list.length === 1 && <p className="h5-secondary">{list[0]?.name}</p>}
      <Field label={t('login.studentNo')} error={checked ? problems.studentNo : null}>
        {(id) => (
          <TextInput
            id={id}
            name="student-no"
            glyph="user"
            value={studentNo}
            onChange={setStudentNo}
            placeholder={t('login.studentNoPlaceholder')}
            maxLength={32}
          />
        )}
      </Field>
      <Field label={t('login.idSuffix')} error={checked ? problems.idSuffix : null}>
        {(id) => (
          <TextInput
            id={id}
            name="id-suffix"
            glyph="lock"
            value={idSuffix}
            onChange={setIdSuffix}
            placeholder={t('login.idSuffixPlaceholder')}
            maxLength={6}
          />
        )}
      </Field>
      <SubmitButton busy={busy || signIn.isPending} label={t('login.submit')} testId="h5-sign-in-student-no" />
    </form>
  );
}

/** A parent's phone and the SMS code sent to it (the portal's phone sign-in). */
export function PhoneCodeForm({ busy, onSignedIn }: FormProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = useMutation({
    mutationFn: () => post<{ resendAfter: number }>('apis-authz/auth/user/sendPhoneCodeOfLoginConfirm', { phone }),
    meta: { silentError: true },
    onSuccess: (sent) => setWait(sent.resendAfter),
  });
  const signIn = useMutation({
    mutationFn: () => completeSignIn('apis-authz/authz/login/phone', { phone, code }),
    meta: { silentError: true },
    onSuccess: onSignedIn,
  });
  const problems = {
    phone: PHONE.test(phone) ? null : t('login.phoneRule'),
    code: CODE.test(code) ? null : t('login.codeRule'),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!problems.phone && !problems.code) signIn.mutate();
  };
  const error = signIn.error ?? send.error;
  return (
    <form name="h5-phone-code" noValidate onSubmit={submit}>
      {error ? <SignInRefusal error={error} /> : null}
      {send.isSuccess && !error && (
        <p className="h5-secondary" data-testid="h5-code-sent">
          {t('login.codeSent', { phone })}
        </p>
      )}
      <Field label={t('login.phone')} error={checked ? problems.phone : null}>
        {(id) => (
          <TextInput
            id={id}
            name="phone"
            glyph="user"
            inputMode="tel"
            maxLength={11}
            value={phone}
            onChange={setPhone}
            placeholder={t('login.phonePlaceholder')}
          />
        )}
      </Field>
      <Field label={t('login.code')} error={checked ? problems.code : null}>
        {(id) => (
          <span className="h5-code-row">
            <TextInput
              id={id}
              name="code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={setCode}
              placeholder={t('login.codePlaceholder')}
            />
            <button
              type="button"
              className="h5-button h5-code-button"
              disabled={wait > 0 || send.isPending}
              onClick={() => {
                setChecked(true);
                if (!problems.phone) send.mutate();
              }}
              data-testid="h5-send-code"
            >
              {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
            </button>
          </span>
        )}
      </Field>
      <SubmitButton busy={busy || signIn.isPending} label={t('login.submit')} testId="h5-sign-in-phone" />
    </form>
  );
}
