import { COUNSELLING_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Drawer, Empty, Flex, Form, Input, List, Modal, Radio, Rate, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { StudentChooser, timeText } from '../archive/common.tsx';
import {
  type Appointment,
  addNote,
  cancelAppointment,
  notesOf,
  rateAppointment,
  recordSession,
  requestAppointment,
  reviewAppointment,
} from './api.ts';
import './strings.ts';

const L = COUNSELLING_LIMITS;
export type AppointmentAction = 'request' | 'review' | 'session' | 'cancel' | 'rate';

interface Values {
  studentId?: number;
  wantedAt?: Dayjs;
  reason?: string;
  approve?: boolean;
  sessionAt?: Dayjs;
  place?: string;
  note?: string;
  summary?: string;
  rating?: number;
  comment?: string;
}

const trimmed = (text: string | undefined) => text?.trim() || null;

/** One step of an appointment, as a small form: request, review, the session's summary, cancel or rate. */
export function AppointmentDialog({
  action,
  appointment,
  onClose,
  onDone,
}: {
  action: AppointmentAction;
  appointment: Appointment | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const approve = Form.useWatch('approve', form);
  const id = appointment?.id ?? 0;
  const run = useMutation({
    mutationFn: (v: Values): Promise<unknown> => {
      switch (action) {
        case 'request':
          return requestAppointment({
            studentId: v.studentId ?? 0,
            wantedAt: v.wantedAt?.valueOf() ?? 0,
            reason: v.reason?.trim() ?? '',
          });
        case 'review':
          return reviewAppointment({
            id,
            approve: v.approve ?? true,
            sessionAt: v.approve === false ? null : (v.sessionAt?.valueOf() ?? null),
            place: trimmed(v.place),
            note: trimmed(v.note),
          });
        case 'session':
          return recordSession({ id, summary: v.summary?.trim() ?? '' });
        case 'cancel':
          return cancelAppointment({ id, reason: v.reason?.trim() ?? '' });
        case 'rate':
          return rateAppointment({ id, rating: v.rating ?? 0, comment: trimmed(v.comment) });
      }
    },
    onSuccess: onDone,
    meta: { silentError: true },
  });
  const text = (max: number, key: string) => [{ required: true, whitespace: true, max, message: t(key) }];
  const titles: Record<AppointmentAction, string> = {
    request: t('counsel.appointment.add'),
    review: t('counsel.appointment.reviewTitle'),
    session: t('counsel.appointment.session'),
    cancel: t('counsel.appointment.cancelIt'),
    rate: t('counsel.appointment.rate'),
  };
  return (
    <Modal
      open
      title={appointment ? `${titles[action]}：${appointment.studentName}` : titles[action]}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('counsel.save')}
      cancelText={t('counsel.cancel')}
      confirmLoading={run.isPending}
    >
      <FormAlert error={run.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => run.mutate(v)}
        initialValues={{
          approve: true,
          wantedAt: dayjs().add(1, 'day').hour(15).startOf('hour'),
          sessionAt: appointment ? dayjs(appointment.wantedAt) : undefined,
        }}
      >
        {action === 'request' && (
          <>
            <Form.Item
              name="studentId"
              label={t('counsel.appointment.student')}
              rules={[{ required: true, message: t('counsel.appointment.studentRequired') }]}
            >
              <StudentChooser width="100%" />
            </Form.Item>
            <Form.Item
              name="wantedAt"
              label={t('counsel.appointment.wantedAt')}
              rules={[{ required: true, message: t('counsel.appointment.wantedAtRequired') }]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('counsel.appointment.reason')}
              rules={text(L.textMax, 'counsel.appointment.reasonRequired')}
            >
              <Input.TextArea rows={4} maxLength={L.textMax} />
            </Form.Item>
          </>
        )}
        {action === 'review' && (
          <>
            <Form.Item name="approve">
              <Radio.Group
                options={[
                  { value: true, label: t('counsel.appointment.approve') },
                  { value: false, label: t('counsel.appointment.reject') },
                ]}
              />
            </Form.Item>
            {approve !== false && (
              <Flex gap={16} wrap>
                <Form.Item
                  name="sessionAt"
                  label={t('counsel.appointment.sessionAt')}
                  rules={[{ required: true, message: t('counsel.appointment.sessionAtRequired') }]}
                >
                  <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
                </Form.Item>
                <Form.Item name="place" label={t('counsel.appointment.place')}>
                  <Input maxLength={L.placeMax} />
                </Form.Item>
              </Flex>
            )}
            <Form.Item
              name="note"
              label={t('counsel.appointment.note')}
              rules={[
                {
                  required: approve === false,
                  whitespace: true,
                  max: L.noteMax,
                  message: t('counsel.appointment.noteRequired'),
                },
              ]}
            >
              <Input.TextArea rows={3} maxLength={L.noteMax} />
            </Form.Item>
          </>
        )}
        {action === 'session' && (
          <Form.Item
            name="summary"
            label={t('counsel.appointment.summary')}
            rules={text(L.textMax, 'counsel.appointment.summaryRequired')}
          >
            <Input.TextArea rows={6} maxLength={L.textMax} showCount />
          </Form.Item>
        )}
        {action === 'cancel' && (
          <Form.Item
            name="reason"
            label={t('counsel.appointment.cancelReason')}
            rules={text(L.noteMax, 'counsel.appointment.cancelReasonRequired')}
          >
            <Input.TextArea rows={3} maxLength={L.noteMax} />
          </Form.Item>
        )}
        {action === 'rate' && (
          <>
            <Form.Item
              name="rating"
              label={t('counsel.appointment.rating')}
              rules={[{ required: true, message: t('counsel.appointment.ratingRequired') }]}
            >
              <Rate />
            </Form.Item>
            <Form.Item name="comment" label={t('counsel.appointment.comment')}>
              <Input.TextArea rows={3} maxLength={L.noteMax} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** The private notes of an appointment the caller may read (audited by the server), and a new one. */
export function NotesDrawer({
  appointment,
  canWrite,
  onClose,
}: {
  appointment: Appointment;
  canWrite: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ content: string }>();
  const notes = useQuery({
    queryKey: ['counsel', 'notes', appointment.id],
    queryFn: ({ signal }) => notesOf(appointment.id, signal),
    meta: { silentError: true },
  });
  const add = useMutation({
    mutationFn: (content: string) => addNote({ appointmentId: appointment.id, content }),
    onSuccess: () => {
      message.success(t('counsel.appointment.noteAdded'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['counsel', 'notes', appointment.id] });
    },
    meta: { silentError: true },
  });
  return (
    <Drawer open onClose={onClose} size={520} title={`${t('counsel.appointment.notes')}：${appointment.studentName}`}>
      <Typography.Paragraph type="secondary">{t('counsel.appointment.notesHint')}</Typography.Paragraph>
      {notes.isError ? (
        <LoadFailed error={notes.error} onRetry={() => notes.refetch()} retrying={notes.isFetching} />
      ) : (
        <List
          loading={notes.isPending}
          dataSource={notes.data ?? []}
          locale={{ emptyText: <Empty description={t('counsel.appointment.notesEmpty')} /> }}
          renderItem={(n) => (
            <List.Item>
              <List.Item.Meta
                description={timeText(n.createdAt)}
                title={<span style={{ whiteSpace: 'pre-wrap' }}>{n.content}</span>}
              />
            </List.Item>
          )}
        />
      )}
      {canWrite && (
        <Form form={form} layout="vertical" onFinish={(v) => add.mutate(v.content.trim())} style={{ marginTop: 16 }}>
          <FormAlert error={add.error} form={form} />
          <Form.Item
            name="content"
            label={t('counsel.appointment.noteContent')}
            rules={[
              {
                required: true,
                whitespace: true,
                max: L.textMax,
                message: t('counsel.appointment.noteContentRequired'),
              },
            ]}
          >
            <Input.TextArea rows={4} maxLength={L.textMax} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('counsel.appointment.addNote')}
          </Button>
        </Form>
      )}
    </Drawer>
  );
}
