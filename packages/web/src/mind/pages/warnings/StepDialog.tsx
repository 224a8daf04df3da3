import { translate, warningCancel, warningSolve } from '@meridian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { currentLang } from '../../../shared/i18n.ts';
import { textIn } from '../assessments/lookups.ts';
import { type ClassTeacherInfo, classTeachers } from '../people/api.ts';
import { handoverTargets, type WarningRights } from './actions.ts';
import {
  cancelWarning,
  handOverWarning,
  relevelWarning,
  setupWarning,
  solveWarning,
  type WarningDetail,
} from './api.ts';
import { useLevels, useTeachers } from './lookups.tsx';
import { placeErrors } from './placeErrors.ts';

/** The steps that ask for something before they are taken. */
export type DialogStep = 'setup' | 'handover' | 'cancel' | 'solve' | 'relevel';

interface Values {
  psychologyUserId?: number;
  classTeacherUserId?: number | null;
  to?: 'person' | 'higher';
  userId?: number;
  level?: string;
  reason?: string;
  conclusion?: string;
}

const TITLE: Record<DialogStep, string> = {
  setup: 'warn.step.setupTitle',
  handover: 'warn.step.handoverTitle',
  cancel: 'warn.step.cancelTitle',
  solve: 'warn.step.solveTitle',
  relevel: 'warn.step.relevelTitle',
};

function take(step: DialogStep, id: number, v: Values): Promise<null> {
  const reason = v.reason?.trim() ?? '';
  switch (step) {
    case 'setup':
      return setupWarning({
        id,
        psychologyUserId: v.psychologyUserId ?? 0,
        classTeacherUserId: v.classTeacherUserId ?? null,
      });
    case 'handover':
      return handOverWarning({ id, to: v.to ?? 'person', ...(v.to === 'person' ? { userId: v.userId } : {}), reason });
    case 'cancel':
      return cancelWarning({ id, reason });
    case 'solve':
      return solveWarning({ id, conclusion: v.conclusion?.trim() ?? '' });
    case 'relevel':
      return relevelWarning({ id, level: v.level ?? '', reason });
  }
}

/** One step's dialog: set up (the handler pickers), hand over, cancel, solve or change the level. */
export function StepDialog({
  step,
  warning,
  rights,
  onClose,
  onDone,
}: {
  step: DialogStep;
  warning: WarningDetail;
  rights: WarningRights;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const to = Form.useWatch('to', form);
  const lang = currentLang();
  const levels = useLevels();
  const psychologists = useTeachers(warning.schoolId, true);
  const teachers = useTeachers(warning.schoolId);
  const heads = useQuery({
    queryKey: ['warn', 'classTeachers', warning.classId],
    queryFn: ({ signal }) => classTeachers(warning.classId ?? 0, signal),
    enabled: step === 'setup' && warning.classId !== null,
    meta: { silentError: true },
  });
  // `queryClassTeacherInfo` answers a list (one entry per class asked); the shared type names one entry.
  const headIds = new Set(
    ([] as ClassTeacherInfo[]).concat(heads.data ?? []).flatMap((c) => c.headTeachers.map((h) => h.userId)),
  );
  // The class's head teacher handles the warning unless another teacher is chosen: show that choice.
  const firstHead = [...headIds][0];
  useEffect(() => {
    if (step === 'setup' && firstHead !== undefined && !form.getFieldValue('classTeacherUserId')) {
      form.setFieldValue('classTeacherUserId', firstHead);
    }
  }, [step, firstHead, form]);
  const targets = handoverTargets(warning.state, rights);
  const save = useMutation({
    mutationFn: (values: Values) => take(step, warning.id, values),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('warn.step.done', { action: t(`warn.action.${step}`) }));
      onDone();
    },
    onError: (error) => placeErrors(form, error),
  });
  const reasonRules = [
    { required: true, whitespace: true, message: translate('v.warning.reason', lang) },
    schemaRule(warningCancel.shape.reason),
  ];
  const teacherOptions = (teachers.data?.list ?? [])
    .map((row) => ({
      value: row.userId,
      label: headIds.has(row.userId) ? `${row.name}${t('warn.step.head')}` : row.name,
    }))
    .sort((a, b) => Number(headIds.has(b.value)) - Number(headIds.has(a.value)));
  return (
    <Modal
      open
      title={t(TITLE[step])}
      okText={t('warn.step.ok')}
      cancelText={t('warn.step.cancel')}
      okButtonProps={{ danger: step === 'cancel' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          to: targets[0],
          psychologyUserId: warning.psychologyUserId ?? undefined,
          classTeacherUserId: warning.classTeacherUserId,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        {step === 'setup' && (
          <>
            <Form.Item
              name="psychologyUserId"
              label={t('warn.step.psychology')}
              rules={[{ required: true, message: t('warn.step.psychologyRequired') }]}
            >
              <Select
                data-testid="setup-psychology"
                showSearch={{ optionFilterProp: 'label' }}
                loading={psychologists.isFetching}
                options={(psychologists.data?.list ?? []).map((row) => ({ value: row.userId, label: row.name }))}
              />
            </Form.Item>
            <Form.Item
              name="classTeacherUserId"
              label={t('warn.step.classTeacher')}
              extra={t('warn.step.classTeacherHint')}
            >
              <Select
                allowClear
                data-testid="setup-class-teacher"
                showSearch={{ optionFilterProp: 'label' }}
                loading={teachers.isFetching}
                options={teacherOptions}
              />
            </Form.Item>
          </>
        )}
        {step === 'handover' && (
          <>
            <Form.Item name="to" label={t('warn.step.to')}>
              <Radio.Group
                options={targets.map((target) => ({
                  value: target,
                  label: t(target === 'person' ? 'warn.step.toPerson' : 'warn.step.toHigher'),
                }))}
              />
            </Form.Item>
            {to === 'person' && (
              <Form.Item
                name="userId"
                label={t('warn.step.receiver')}
                rules={[{ required: true, message: translate('v.warning.handoverUser', lang) }]}
              >
                <Select
                  data-testid="handover-receiver"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(teachers.data?.list ?? []).map((row) => ({ value: row.userId, label: row.name }))}
                />
              </Form.Item>
            )}
          </>
        )}
        {step === 'relevel' && (
          <Form.Item
            name="level"
            label={t('warn.step.newLevel')}
            rules={[{ required: true, message: t('warn.step.newLevelRequired') }]}
          >
            <Select
              data-testid="relevel-level"
              options={(levels.data ?? [])
                .filter((l) => l.code !== warning.level)
                .map((l) => ({ value: l.code, label: textIn(l.name) || l.code }))}
            />
          </Form.Item>
        )}
        {step === 'solve' && (
          <Form.Item
            name="conclusion"
            label={t('warn.step.conclusion')}
            rules={[
              { required: true, whitespace: true, message: translate('v.warning.conclusion', lang) },
              schemaRule(warningSolve.shape.conclusion),
            ]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount data-testid="step-conclusion" />
          </Form.Item>
        )}
        {(step === 'handover' || step === 'cancel' || step === 'relevel') && (
          <Form.Item name="reason" label={t('warn.step.reason')} rules={reasonRules}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="step-reason" />
          </Form.Item>
        )}
        {step === 'cancel' && <Typography.Text type="secondary">{t('warn.step.cancelHint')}</Typography.Text>}
      </Form>
    </Modal>
  );
}
