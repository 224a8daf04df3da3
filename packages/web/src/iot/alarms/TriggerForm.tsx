import { ALARM_LIMITS, type TriggerView } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Drawer, Flex, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { required } from '../../shared/forms/required.ts';
import { currentLang } from '../../shared/i18n.ts';
import { catalogue, showFieldErrors } from '../components/errors.ts';
import { TemplateSelect } from '../components/lookups.tsx';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { addTrigger, editTrigger } from './api.ts';
import { ConditionsEditor } from './ConditionsEditor.tsx';
import { ContactsSelect, GroupsSelect, pointLabel, useTriggerTarget } from './lookups.tsx';
import { formValuesOf, NEW_TRIGGER, payloadOf, type TriggerFormValues, triggerProblems } from './triggerValues.ts';
import { clearChanged, showProblems } from './validate.ts';

const PLACEHOLDERS = '{device} {point} {value} {time} {trigger}';
const number = { style: { width: 200 } } as const;

/** Trigger Add/Edit: where it watches, its conditions, when it alarms, whom it tells and what it does. */
export function TriggerForm({ trigger, onClose }: { trigger?: TriggerView; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TriggerFormValues>();
  const scope = Form.useWatch('scope', form) ?? trigger?.scope ?? 'device';
  const deviceId = Form.useWatch('deviceId', form) ?? undefined;
  const templateId = Form.useWatch('templateId', form) ?? undefined;
  const linkageOn = Form.useWatch(['linkage', 'enabled'], form) === true;
  const linkagePointId = Form.useWatch(['linkage', 'pointId'], form) as number | undefined;
  const target = useTriggerTarget(scope, deviceId, templateId);
  const writable = target.points.filter((p) => p.readWrite !== 'readOnly');
  const linkagePoint = writable.find((p) => p.id === linkagePointId);

  const save = useMutation({
    mutationFn: (values: TriggerFormValues) => {
      const body = payloadOf(values);
      return trigger ? editTrigger(trigger.id, body) : addTrigger(body);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('alarms.trigger.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'triggers'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });

  /** The contract's rules, each sentence at its field; only a body they accept is sent. */
  const check = (values: TriggerFormValues, send: boolean) => {
    // An empty name is said by the field's own rule ("enter the trigger name").
    const problems = triggerProblems(payloadOf(values), currentLang()).filter(
      (p) => !(p.name.length === 1 && p.name[0] === 'name' && !values.name?.trim()),
    );
    for (const p of showProblems(form, problems)) message.error(p.message);
    if (send && problems.length === 0) save.mutate(values);
  };

  const suspended = trigger?.suspended ?? (target.cloudConfigOff ? catalogue('alarm.suspended') : null);

  return (
    <Drawer
      open
      size={760}
      title={trigger ? t('alarms.trigger.editTitle') : t('alarms.trigger.addTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('ui.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="trigger-save">
            {t('ui.save')}
          </Button>
        </Flex>
      }
    >
      <Form<TriggerFormValues>
        form={form}
        layout="vertical"
        name="trigger"
        data-testid="trigger-form"
        initialValues={trigger ? formValuesOf(trigger) : NEW_TRIGGER}
        onFinish={(values) => check(values, true)}
        // The other fields are checked too, so that every problem shows at once.
        onFinishFailed={({ values }) => check(values, false)}
        // A field the user changes loses the message the last check put there.
        onValuesChange={(changed: object) => clearChanged(form, changed)}
      >
        {suspended && (
          <Alert
            type="warning"
            showIcon
            title={suspended}
            style={{ marginBottom: 16 }}
            data-testid="trigger-suspended"
          />
        )}
        <Form.Item name="name" label={t('alarms.trigger.name')} rules={[required(t('alarms.trigger.nameRequired'))]}>
          <Input maxLength={ALARM_LIMITS.nameMax + 10} data-testid="trigger-name" />
        </Form.Item>
        <Form.Item name="scope" label={t('alarms.trigger.scope')} extra={t(`alarms.scopeHint.${scope}`)}>
          <Radio.Group
            disabled={trigger !== undefined}
            options={(['device', 'template'] as const).map((s) => ({ value: s, label: t(`alarms.scope.${s}`) }))}
          />
        </Form.Item>
        {scope === 'device' ? (
          <Form.Item name="deviceId" label={t('alarms.trigger.device')} required>
            <DeviceSelect disabled={trigger !== undefined} data-testid="trigger-device" />
          </Form.Item>
        ) : (
          <Form.Item name="templateId" label={t('alarms.trigger.template')} required>
            <TemplateSelect disabled={trigger !== undefined} data-testid="trigger-template" />
          </Form.Item>
        )}
        {target.noTemplate && (
          <Alert type="info" showIcon title={catalogue('alarm.trigger.noTemplate')} style={{ marginBottom: 16 }} />
        )}
        <Form.Item label={t('alarms.trigger.conditions')} required>
          <ConditionsEditor points={target.points} />
        </Form.Item>
        <Form.Item name="join" label={t('alarms.trigger.join')}>
          <Radio.Group options={(['and', 'or'] as const).map((j) => ({ value: j, label: t(`alarms.join.${j}`) }))} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="deadZone" label={t('alarms.trigger.deadZone')} extra={t('alarms.trigger.deadZoneHint')}>
            <InputNumber {...number} data-testid="trigger-dead-zone" />
          </Form.Item>
          <Form.Item name="duration" label={t('alarms.trigger.duration')} extra={t('alarms.trigger.durationHint')}>
            <InputNumber {...number} precision={0} suffix={t('alarms.trigger.seconds')} />
          </Form.Item>
          <Form.Item
            name="pushInterval"
            label={t('alarms.trigger.pushInterval')}
            extra={t('alarms.trigger.pushIntervalHint')}
            required
          >
            <InputNumber
              {...number}
              precision={0}
              suffix={t('alarms.trigger.minutes')}
              data-testid="trigger-push-interval"
            />
          </Form.Item>
        </Flex>
        <Flex gap={32} wrap>
          <Form.Item name="alarmEnabled" label={t('alarms.trigger.alarmEnabled')} valuePropName="checked">
            <Switch data-testid="trigger-alarm-enabled" />
          </Form.Item>
          <Form.Item name="saveRule" label={t('alarms.trigger.saveRule')} extra={t('alarms.trigger.saveRuleHint')}>
            <Radio.Group
              options={(['record', 'notifyOnly'] as const).map((r) => ({ value: r, label: t(`alarms.saveRule.${r}`) }))}
            />
          </Form.Item>
        </Flex>
        <Divider titlePlacement="start">{t('alarms.trigger.push')}</Divider>
        <Form.Item
          name="alarmContent"
          label={t('alarms.trigger.alarmContent')}
          extra={t('alarms.trigger.contentHint', { placeholders: PLACEHOLDERS })}
        >
          <Input.TextArea
            rows={2}
            count={{ show: true, max: ALARM_LIMITS.contentMax }}
            data-testid="trigger-alarm-content"
          />
        </Form.Item>
        <Form.Item name="restoreContent" label={t('alarms.trigger.restoreContent')}>
          <Input.TextArea rows={2} count={{ show: true, max: ALARM_LIMITS.contentMax }} />
        </Form.Item>
        <Form.Item name="contactIds" label={t('alarms.trigger.contacts')}>
          <ContactsSelect data-testid="trigger-contacts" />
        </Form.Item>
        <Form.Item name="groupIds" label={t('alarms.trigger.groups')}>
          <GroupsSelect />
        </Form.Item>
        <Divider titlePlacement="start">{t('alarms.trigger.linkage')}</Divider>
        <Form.Item
          name={['linkage', 'enabled']}
          label={t('alarms.trigger.linkageEnabled')}
          valuePropName="checked"
          extra={t('alarms.trigger.linkageHint')}
        >
          <Switch data-testid="trigger-linkage-enabled" />
        </Form.Item>
        {linkageOn && (
          <Flex gap={16} wrap>
            <Form.Item name={['linkage', 'pointId']} label={t('alarms.trigger.linkagePoint')}>
              <Select
                style={{ width: 240 }}
                notFoundContent={t('alarms.trigger.noWritable')}
                options={writable.map((p) => ({ value: p.id, label: pointLabel(p) }))}
              />
            </Form.Item>
            <Form.Item name={['linkage', 'value']} label={t('alarms.trigger.linkageValue')}>
              {linkagePoint?.dataType === 'switch' ? (
                <Select
                  style={{ width: 160 }}
                  options={[
                    { value: true, label: t('ui.on') },
                    { value: false, label: t('ui.off') },
                  ]}
                />
              ) : (
                <InputNumber style={{ width: 160 }} />
              )}
            </Form.Item>
          </Flex>
        )}
      </Form>
    </Drawer>
  );
}
