import { INTERVENTION_KINDS, RETURN_VISIT_METHODS, translate, WARNING_LIMITS } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio, Select, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n.ts';
import { AttachmentsField } from './AttachmentsField.tsx';
import { type InterventionKind, saveIntervention } from './api.ts';
import { uploadAnswer } from './attachments.ts';
import { placeErrors } from './placeErrors.ts';

interface Values {
  kind: InterventionKind;
  happenedAt: Dayjs;
  place?: string;
  people?: string;
  content: string;
  assessment?: string;
  nextStep?: string;
  method?: string;
  institution?: string;
  privateNote?: string;
  nextFollowUpAt?: Dayjs | null;
  attachments?: UploadFile[];
}

/** The stored paths of the files that finished uploading; refused ones are not sent. */
const attachedPaths = (files: UploadFile[] = []) => files.flatMap((f) => uploadAnswer(f).path ?? []);

const MAX = WARNING_LIMITS.textMax;

/**
 * Records an interview, a plan, a return visit or a referral on a warning. The fields each kind
 * needs are asked for with the server's own sentences; the first record starts the intervention.
 */
export function RecordForm({
  warningId,
  initialKind,
  initialContent = '',
  onClose,
  onSaved,
}: {
  warningId: number;
  initialKind: InterventionKind;
  /** A draft to start from (the AI suggestions the teacher chose to keep). */
  initialContent?: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? initialKind;
  const lang = currentLang();
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveIntervention({
        warningId,
        kind: v.kind,
        happenedAt: v.happenedAt.valueOf(),
        place: v.place?.trim() ?? '',
        people: v.people?.trim() ?? '',
        content: v.content.trim(),
        assessment: v.assessment?.trim() ?? '',
        nextStep: v.nextStep?.trim() ?? '',
        ...(v.kind === 'returnVisit' && v.method ? { method: v.method } : {}),
        institution: v.kind === 'referral' ? (v.institution?.trim() ?? '') : '',
        privateNote: v.privateNote?.trim() ?? '',
        nextFollowUpAt: v.nextFollowUpAt ? v.nextFollowUpAt.valueOf() : null,
        attachments: attachedPaths(v.attachments),
      }),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('warn.record.saved'));
      onSaved();
    },
    onError: (error) => placeErrors(form, error),
  });
  const needed = (key: string) => ({ required: true, whitespace: true, message: translate(key, lang) });
  const text = (rows: number, testId: string) => <Input.TextArea rows={rows} maxLength={MAX} data-testid={testId} />;
  return (
    <Modal
      open
      width={640}
      title={t('warn.detail.addRecord')}
      okText={t('warn.record.save')}
      cancelText={t('warn.step.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: initialKind, happenedAt: dayjs().startOf('minute'), content: initialContent }}
        onFinish={(values) => {
          // Saving now would leave out what is still on its way.
          if (values.attachments?.some((f) => f.status === 'uploading')) {
            message.warning(t('warn.record.uploading'));
            return;
          }
          save.mutate(values);
        }}
      >
        <Form.Item name="kind" label={t('warn.record.kindLabel')}>
          <Radio.Group
            data-testid="record-kind"
            optionType="button"
            options={INTERVENTION_KINDS.map((k) => ({ value: k, label: t(`warn.record.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="happenedAt"
          label={t('warn.record.happenedAt')}
          rules={[{ required: true, message: t('warn.record.happenedAtRequired') }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="record-time" />
        </Form.Item>
        {kind === 'interview' && (
          <>
            <Form.Item name="place" label={t('warn.record.place')} rules={[needed('v.interview.placePeople')]}>
              <Input maxLength={MAX} data-testid="record-place" />
            </Form.Item>
            <Form.Item name="people" label={t('warn.record.people')} rules={[needed('v.interview.placePeople')]}>
              <Input maxLength={MAX} data-testid="record-people" />
            </Form.Item>
          </>
        )}
        {kind === 'returnVisit' && (
          <Form.Item
            name="method"
            label={t('warn.record.methodLabel')}
            rules={[{ required: true, message: translate('v.returnVisit.method', lang) }]}
          >
            <Select
              data-testid="record-method"
              options={RETURN_VISIT_METHODS.map((m) => ({ value: m, label: t(`warn.record.method.${m}`) }))}
            />
          </Form.Item>
        )}
        {kind === 'referral' && (
          <Form.Item name="institution" label={t('warn.record.institution')} rules={[needed('v.referral.institution')]}>
            <Input maxLength={MAX} data-testid="record-institution" />
          </Form.Item>
        )}
        <Form.Item name="content" label={t('warn.record.content')} rules={[needed('v.intervene.content')]}>
          {text(4, 'record-content')}
        </Form.Item>
        <Form.Item name="assessment" label={t('warn.record.assessment')}>
          {text(2, 'record-assessment')}
        </Form.Item>
        <Form.Item name="nextStep" label={t('warn.record.nextStep')}>
          {text(2, 'record-next-step')}
        </Form.Item>
        <Form.Item
          name="nextFollowUpAt"
          label={t('warn.record.nextFollowUpAt')}
          dependencies={['happenedAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null | undefined) => {
                const at = getFieldValue('happenedAt') as Dayjs | undefined;
                if (value && at && !value.isAfter(at)) throw new Error(translate('v.intervene.followUp', lang));
              },
            }),
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="record-follow-up" />
        </Form.Item>
        <Form.Item name="attachments" label={t('warn.record.attachmentsLabel')}>
          <AttachmentsField />
        </Form.Item>
        <Form.Item name="privateNote" label={t('warn.record.privateNote')} extra={t('warn.record.privateNoteHint')}>
          {text(2, 'record-private-note')}
        </Form.Item>
      </Form>
    </Modal>
  );
}
