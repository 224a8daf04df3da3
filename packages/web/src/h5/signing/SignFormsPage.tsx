import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { H5ListState } from '../shell/ListState.tsx';
import { type FormToSign, myForms } from './api.ts';

export const at = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

function FormCard({ form }: { form: FormToSign }) {
  const { t } = useTranslation();
  const waiting = form.state === 'sent';
  return (
    <Card size="small" data-testid="h5-sign-form" style={{ marginBottom: 12 }}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="start" gap={8}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {form.title}
          </Typography.Text>
          <Tag color={waiting ? 'processing' : 'success'} style={{ marginInlineEnd: 0 }}>
            {t(`signing.states.${form.state}`)}
          </Tag>
        </Flex>
        <Typography.Text type="secondary">{form.schoolName}</Typography.Text>
        <Typography.Text>{t('signing.forStudent', { name: form.studentName })}</Typography.Text>
        <Typography.Text type="secondary">
          {form.signedAt === null
            ? t('signing.sentAt', { at: at(form.sentAt) })
            : t('signing.signedAt', { at: at(form.signedAt) })}
        </Typography.Text>
        {waiting && form.remindedAt !== null && (
          <Typography.Text type="warning" data-testid="h5-sign-reminded">
            {t('signing.remindedAt', { at: at(form.remindedAt) })}
          </Typography.Text>
        )}
        <Link to={`/sign/${form.number}`}>
          <Button
            type={waiting ? 'primary' : 'default'}
            block
            aria-label={`${t(waiting ? 'signing.openForm' : 'signing.view')}: ${form.title}`}
          >
            {t(waiting ? 'signing.openForm' : 'signing.view')}
          </Button>
        </Link>
      </Flex>
    </Card>
  );
}

/** The forms the school sent the signed-in parent, waiting ones first as the server orders them. */
export function SignFormsPage() {
  const { t } = useTranslation();
  const forms = useQuery({
    queryKey: ['h5', 'signing'],
    queryFn: ({ signal }) => myForms(signal),
    meta: { silentError: true },
  });
  useSessionCheck(forms.error);
  return (
    <div data-testid="h5-signing">
      <Link to="/tasks">{t('signing.back')}</Link>
      <Typography.Title level={3} style={{ marginTop: 8, marginBottom: 4 }}>
        {t('signing.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('signing.intro')}</Typography.Paragraph>
      <H5ListState
        query={forms}
        list={forms.data ?? []}
        words={{
          loading: t('signing.loading'),
          loadFailed: t('signing.loadFailed'),
          retry: t('signing.retry'),
          label: t('signing.heading'),
        }}
        empty={
          <>
            <Typography.Text style={{ fontSize: 16 }}>{t('signing.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('signing.hint')}</Typography.Text>
          </>
        }
      >
        {(items) => items.map((f) => <FormCard key={f.number} form={f} />)}
      </H5ListState>
    </div>
  );
}
