import type { SettingKind } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, type FormInstance, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/rules.ts';
import { currentLang } from '../../shared/i18n.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { showFieldErrors } from '../components/errors.ts';
import { type SettingsView, saveSettings, settingsOf } from './api.ts';
import { clearChanged, problemsOf, showProblems } from './validate.ts';

export type SettingsValues = Record<string, unknown>;

interface Props {
  kind: SettingKind;
  title: string;
  schema: FieldSchema;
  /** The form's first values from what is stored (or the defaults when nothing is). */
  initial(view: SettingsView): SettingsValues;
  /** The call's body: empty inputs left out, a blank secret left out so the stored one is kept. */
  body(values: SettingsValues, view: SettingsView): Record<string, unknown>;
  children(view: SettingsView, form: FormInstance<SettingsValues>): ReactNode;
  /** Below the form: the test mail of Email Server. */
  footer?: ReactNode;
  /** At the card's top right: the SMS / voice switch. */
  extra?: ReactNode;
}

/** One account's settings of a channel: loaded, checked by the contract's schema, saved. */
export function SettingsCard({ kind, title, schema, initial, body, children, footer, extra }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsValues>();
  const view = useQuery({
    queryKey: ['iot', 'notify-settings', kind],
    queryFn: ({ signal }) => settingsOf(kind, signal),
    meta: { silentError: true },
  });
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => saveSettings(kind, values),
    meta: { silentError: true },
    onSuccess: async (saved) => {
      message.success(t('alarms.settings.saved'));
      queryClient.setQueryData(['iot', 'notify-settings', kind], saved);
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const submit = (values: SettingsValues) => {
    if (!view.data) return;
    const payload = body(values, view.data);
    const problems = problemsOf(schema, payload, currentLang());
    for (const p of showProblems(form, problems)) message.error(p.message);
    if (problems.length === 0) save.mutate(payload);
  };
  const editable = can({ path: '/iot/settings', code: 'edit' });
  const savedAt = view.data?.updatedAt;
  // Once saved, the form shows what is stored: a secret typed in is not kept on screen.
  useEffect(() => {
    if (savedAt) form.resetFields();
  }, [savedAt, form]);

  return (
    <Card title={title} extra={extra} data-testid={`settings-${kind}`}>
      {view.isLoading ? (
        <Spin />
      ) : view.isError || !view.data ? (
        <LoadFailed error={view.error} onRetry={() => view.refetch()} retrying={view.isFetching} />
      ) : (
        <Flex vertical gap={24} style={{ maxWidth: 640 }}>
          <Form<SettingsValues>
            form={form}
            layout="vertical"
            name={`settings-${kind}`}
            initialValues={initial(view.data)}
            disabled={!editable}
            onFinish={submit}
            onValuesChange={(changed: object) => clearChanged(form, changed)}
          >
            {children(view.data, form)}
            <Flex gap={12} align="center">
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`settings-save-${kind}`}>
                {t('ui.save')}
              </Button>
              {view.data.updatedAt !== null && (
                <Typography.Text type="secondary">
                  {t('alarms.settings.updatedAt', { at: dayjs(view.data.updatedAt).format('YYYY-MM-DD HH:mm') })}
                </Typography.Text>
              )}
            </Flex>
          </Form>
          {footer}
        </Flex>
      )}
    </Card>
  );
}

/** A blank input is left out of a call; text is trimmed. */
export const given = (value: unknown): unknown => {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return value ?? undefined;
};

/** The object without its undefined fields (a strict schema refuses none, but the body stays clean). */
export function clean(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
