import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Result,
  Skeleton,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../shared/errors.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { formToSign, signForm, uploadSignature } from './api.ts';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad.tsx';
import { at } from './SignFormsPage.tsx';

type Answers = Record<string, string | Dayjs | undefined>;

class NoSignature extends Error {}

/** One form: the school's text, its fields to fill, a box to sign in; once signed, what was given. */
export function SignFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { number = '' } = useParams();
  const queryClient = useQueryClient();
  const pad = useRef<SignaturePadHandle>(null);
  const form = useQuery({
    queryKey: ['h5', 'signing', number],
    queryFn: ({ signal }) => formToSign(number, signal),
    meta: { silentError: true },
    retry: false,
  });
  useSessionCheck(form.error);
  const sign = useMutation({
    mutationFn: async (answers: Answers) => {
      const png = await pad.current?.toPng();
      if (!png) throw new NoSignature();
      const uploaded = await uploadSignature(png);
      const values = Object.fromEntries(
        Object.entries(answers).map(([key, v]) => [key, typeof v === 'string' ? v : (v?.format('YYYY-MM-DD') ?? '')]),
      );
      return signForm({ number, values, signaturePath: uploaded.path });
    },
    onSuccess: (signed) => {
      message.success(t('signing.done'));
      queryClient.setQueryData(['h5', 'signing', number], signed);
      void queryClient.invalidateQueries({ queryKey: ['h5', 'signing'], exact: true });
    },
    meta: { silentError: true },
  });
  const back = <Link to="/sign">{t('signing.backToList')}</Link>;
  if (form.isPending)
    return (
      <Card aria-busy="true" aria-label={t('signing.loading')}>
        <Skeleton active />
      </Card>
    );
  if (form.isError)
    return <Result status="warning" title={errorText(form.error)} extra={back} data-testid="h5-sign-refused" />;
  const f = form.data;
  return (
    <div data-testid="h5-sign-page">
      {back}
      <Typography.Title level={3} style={{ marginTop: 8, marginBottom: 4 }}>
        {f.title}
      </Typography.Title>
      <Typography.Text type="secondary">
        {f.schoolName} · {t('signing.forStudent', { name: f.studentName })} ·{' '}
        {t('signing.number', { number: f.number })}
      </Typography.Text>
      <Card size="small" style={{ margin: '12px 0' }}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{f.body}</Typography.Paragraph>
      </Card>
      {f.state === 'signed' ? (
        <Flex vertical gap={12}>
          <Alert
            type="success"
            showIcon
            title={t('signing.signedAt', { at: at(f.signedAt ?? f.sentAt) })}
            data-testid="h5-signed"
          />
          <Descriptions
            size="small"
            column={1}
            bordered
            title={t('signing.yourAnswers')}
            items={f.fields.map((field) => ({
              key: field.key,
              label: field.label,
              children: f.values?.[field.key] || '-',
            }))}
          />
        </Flex>
      ) : (
        <Form<Answers> layout="vertical" onFinish={(answers) => sign.mutate(answers)} requiredMark>
          {f.fields.map((field) => (
            <Form.Item
              key={field.key}
              name={field.key}
              label={field.label}
              rules={field.required ? [{ required: true, message: t('signing.required', { label: field.label }) }] : []}
            >
              {field.kind === 'date' ? (
                <DatePicker style={{ width: '100%' }} inputReadOnly />
              ) : field.kind === 'textarea' ? (
                <Input.TextArea rows={3} maxLength={500} />
              ) : (
                <Input maxLength={500} />
              )}
            </Form.Item>
          ))}
          {/* Signing again clears a refusal shown for the last attempt. */}
          <SignaturePad ref={pad} onStart={() => sign.isError && sign.reset()} />
          {sign.isError && (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 12 }}
              data-testid="h5-sign-error"
              title={sign.error instanceof NoSignature ? t('signing.noSignature') : errorText(sign.error)}
            />
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={sign.isPending}
            style={{ marginTop: 16 }}
          >
            {t('signing.submit')}
          </Button>
        </Form>
      )}
    </div>
  );
}
