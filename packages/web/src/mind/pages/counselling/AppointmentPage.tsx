import { APPOINTMENT_STATES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { storedUser } from '../../../shared/session.ts';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { type AppointmentAction, AppointmentDialog, NotesDrawer } from './AppointmentDialogs.tsx';
import { type Appointment, type AppointmentState, appointmentPage } from './api.ts';
import './strings.ts';

const STATE_COLOUR: Record<AppointmentState, string> = {
  requested: 'orange',
  approved: 'blue',
  rejected: 'red',
  done: 'green',
  cancelled: 'default',
};

const DONE_MESSAGE: Record<AppointmentAction, string> = {
  request: 'counsel.appointment.requested',
  review: 'counsel.appointment.reviewed',
  session: 'counsel.appointment.sessionSaved',
  cancel: 'counsel.appointment.cancelled',
  rate: 'counsel.appointment.rated',
};

/**
 * `/data/appointmentRecordQuery`: individual counselling: requested, reviewed (a counsellor takes it
 * and sets the session, or refuses with a reason), held (the summary), cancelled and rated; private
 * notes beside it for those allowed to read them.
 */
export function AppointmentPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/appointmentRecordQuery');
  const me = storedUser()?.id;
  const queryClient = useQueryClient();
  const [acting, setActing] = useState<{ action: AppointmentAction; appointment: Appointment | null } | null>(null);
  const [notes, setNotes] = useState<Appointment | null>(null);
  const list = usePagedList<{ state?: AppointmentState }, Appointment>(['counsel', 'appointments'], appointmentPage);
  const act = (action: AppointmentAction, appointment: Appointment) => setActing({ action, appointment });
  return (
    <Card data-testid="appointment-page">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Select<AppointmentState>
          allowClear
          style={{ width: 160 }}
          placeholder={t('counsel.appointment.filterState')}
          value={list.filters.state}
          onChange={(state) => list.search({ state })}
          options={APPOINTMENT_STATES.map((s) => ({ value: s, label: t(`counsel.appointment.states.${s}`) }))}
        />
        {can('add') && (
          <Button
            type="primary"
            onClick={() => setActing({ action: 'request', appointment: null })}
            data-testid="appointment-add"
          >
            {t('counsel.appointment.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<Appointment>
        list={list}
        rowKey="id"
        data-testid="appointment-table"
        locale={{ emptyText: t('counsel.appointment.empty') }}
        scroll={{ x: 1200 }}
        expandable={{
          expandedRowRender: (a) => (
            <Flex vertical gap={4}>
              <span>{`${t('counsel.appointment.reason')}：${a.reason}`}</span>
              {a.reviewNote && <span>{`${t('counsel.appointment.note')}：${a.reviewNote}`}</span>}
              {a.summary && <span>{`${t('counsel.appointment.summary')}：${a.summary}`}</span>}
              {a.ratingComment && <span>{`${t('counsel.appointment.comment')}：${a.ratingComment}`}</span>}
            </Flex>
          ),
        }}
        columns={[
          { title: t('counsel.appointment.student'), dataIndex: 'studentName', width: 110 },
          { title: t('counsel.appointment.wantedAt'), dataIndex: 'wantedAt', width: 150, render: timeText },
          { title: t('counsel.appointment.reason'), dataIndex: 'reason', ellipsis: true },
          {
            title: t('counsel.appointment.state'),
            dataIndex: 'state',
            width: 90,
            render: (s: AppointmentState) => <Tag color={STATE_COLOUR[s]}>{t(`counsel.appointment.states.${s}`)}</Tag>,
          },
          { title: t('counsel.appointment.sessionAt'), dataIndex: 'sessionAt', width: 150, render: timeText },
          { title: t('counsel.appointment.place'), dataIndex: 'sessionPlace', width: 110, render: (p) => p ?? '-' },
          {
            title: t('counsel.appointment.rating'),
            dataIndex: 'rating',
            width: 100,
            render: (r: number | null) =>
              r ? (
                <Typography.Text style={{ color: '#faad14' }} title={`${r} / 5`}>
                  {'★'.repeat(r)}
                </Typography.Text>
              ) : (
                '-'
              ),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 230,
            render: (_v, a) => (
              <Flex gap={10} wrap>
                {a.state === 'requested' && can('review') && (
                  <Typography.Link onClick={() => act('review', a)}>{t('counsel.appointment.review')}</Typography.Link>
                )}
                {a.state === 'approved' && can('edit') && a.counsellorId === me && (
                  <Typography.Link onClick={() => act('session', a)}>
                    {t('counsel.appointment.session')}
                  </Typography.Link>
                )}
                {(a.state === 'requested' || a.state === 'approved') && (
                  <Typography.Link type="danger" onClick={() => act('cancel', a)}>
                    {t('counsel.appointment.cancelIt')}
                  </Typography.Link>
                )}
                {a.state === 'done' && a.rating === null && a.requestedBy === me && (
                  <Typography.Link onClick={() => act('rate', a)}>{t('counsel.appointment.rate')}</Typography.Link>
                )}
                <Typography.Link onClick={() => setNotes(a)}>{t('counsel.appointment.notes')}</Typography.Link>
              </Flex>
            ),
          },
        ]}
      />
      {acting && (
        <AppointmentDialog
          action={acting.action}
          appointment={acting.appointment}
          onClose={() => setActing(null)}
          onDone={() => {
            message.success(t(DONE_MESSAGE[acting.action]));
            setActing(null);
            void queryClient.invalidateQueries({ queryKey: ['counsel'] });
          }}
        />
      )}
      {notes && <NotesDrawer appointment={notes} canWrite={can('edit')} onClose={() => setNotes(null)} />}
    </Card>
  );
}
