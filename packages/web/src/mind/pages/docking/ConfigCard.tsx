import { DOCKING_KINDS, DOCKING_LIMITS, dockingConfigSave } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { time } from '../warnings/lookups.tsx';
import { placeErrors } from '../warnings/placeErrors.ts';
import { type DockingConfig, saveDockingConfig } from './api.ts';
import { MappingFields, type MappingRow, mappingOf, rowsOf } from './MappingFields.tsx';

interface Values {
  baseUrl: string;
  appId: string;
  secret?: string;
  schoolIds: number[];
  kinds: Array<(typeof DOCKING_KINDS)[number]>;
  mapping: MappingRow[];
  resyncPerMinute: number;
}

/** The platform's address, app id and write-only secret, the schools and the kinds of data reported. */
export function ConfigCard({ config, canEdit }: { config: DockingConfig; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: saveDockingConfig,
    meta: { silentError: true },
    onSuccess: (next) => {
      message.success(t('docking.config.saved'));
      form.setFieldValue('secret', '');
      queryClient.setQueryData(['docking', 'config'], next);
    },
    onError: (error) => placeErrors(form, error),
  });
  const F = dockingConfigSave.shape;
  const secretHint = t(
    `docking.config.secret${config.secretSource === 'stored' ? 'Stored' : config.secretSource === 'environment' ? 'Environment' : 'None'}`,
  );
  return (
    <Card title={t('docking.config.title')} data-testid="docking-config">
      <Typography.Paragraph type="secondary">{t('docking.config.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 820 }}
        disabled={!canEdit}
        initialValues={{
          baseUrl: config.baseUrl,
          appId: config.appId,
          secret: '',
          schoolIds: config.schoolIds,
          kinds: config.configured ? config.kinds : [...DOCKING_KINDS],
          mapping: rowsOf(config.mapping),
          resyncPerMinute: config.resyncPerMinute,
        }}
        onFinish={(v) =>
          save.mutate({
            baseUrl: v.baseUrl.trim(),
            appId: v.appId.trim(),
            schoolIds: v.schoolIds ?? [],
            kinds: v.kinds ?? [],
            mapping: mappingOf(v.mapping),
            resyncPerMinute: v.resyncPerMinute,
            // Left empty: the stored secret stays. It is never read back into the form.
            ...(v.secret?.trim() ? { secret: v.secret.trim() } : {}),
          })
        }
      >
        <Form.Item name="baseUrl" label={t('docking.config.baseUrl')} rules={[schemaRule(F.baseUrl)]}>
          <Input placeholder={t('docking.config.baseUrlHint')} data-testid="docking-base-url" autoComplete="off" />
        </Form.Item>
        <Form.Item name="appId" label={t('docking.config.appId')} rules={[schemaRule(F.appId)]}>
          <Input data-testid="docking-app-id" autoComplete="off" />
        </Form.Item>
        <Form.Item name="secret" label={t('docking.config.secret')} extra={secretHint}>
          <Input.Password data-testid="docking-secret" autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
        <Form.Item name="schoolIds" label={t('docking.config.schools')}>
          {config.schools.length === 0 ? (
            <Typography.Text type="secondary">{t('docking.config.noSchools')}</Typography.Text>
          ) : (
            <Checkbox.Group
              data-testid="docking-schools"
              options={config.schools.map((s) => ({ value: s.id, label: s.name }))}
            />
          )}
        </Form.Item>
        <Form.Item
          name="kinds"
          label={t('docking.config.kinds')}
          rules={[schemaRule(F.kinds)]}
          extra={t('docking.kindHint')}
        >
          <Checkbox.Group
            data-testid="docking-kinds"
            options={DOCKING_KINDS.map((k) => ({ value: k, label: t(`docking.kind.${k}`) }))}
          />
        </Form.Item>
        <MappingFields />
        <Form.Item name="resyncPerMinute" label={t('docking.resyncPerMinute')} rules={[schemaRule(F.resyncPerMinute)]}>
          <InputNumber
            min={1}
            max={DOCKING_LIMITS.resyncPerMinuteMax}
            precision={0}
            data-testid="docking-resync-per-minute"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="docking-save">
          {t('docking.config.save')}
        </Button>
        {config.updatedAt !== null && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('docking.config.updatedAt', { at: time(config.updatedAt) })}
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
