import { FACE_LIMITS } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Table, Tabs, Timeline } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { StudentPicker } from '../../../shared/people/StudentPicker.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { searchTrajectory, type Trajectory } from './api.ts';
import { Playback } from './Playback.tsx';
import { useFaceSwitches } from './SwitchCard.tsx';
import './strings.ts';

const L = FACE_LIMITS;

interface Values {
  studentId: number;
  range: [Dayjs, Dayjs];
  reason: string;
}

/** `/data/trajectoryQuery`, and `/data/trackHk` opening on the playback: where a student was seen, audited with a reason. */
export function TrajectoryPage({ view = 'list' }: { view?: 'list' | 'playback' }) {
  const { t } = useTranslation();
  const can = useCan('/data/trajectoryQuery');
  return (
    <ViewGuard may={can('view')} testId="trajectory-page" refusal={t('faces.noSearch')}>
      <TrajectorySearch view={view} />
    </ViewGuard>
  );
}

export function TrackPlaybackPage() {
  return <TrajectoryPage view="playback" />;
}

function TrajectorySearch({ view }: { view: 'list' | 'playback' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const switches = useFaceSwitches();
  const allOff = switches.data?.every((s) => !s.enabled) ?? false;
  const search = useMutation({
    mutationFn: (v: Values) =>
      searchTrajectory({
        studentId: v.studentId,
        from: v.range[0].valueOf(),
        to: v.range[1].valueOf(),
        reason: v.reason.trim(),
      }),
    meta: { silentError: true },
  });
  return (
    <Flex vertical gap={16} data-testid="trajectory-page">
      <Card title={t('faces.search')}>
        {allOff && (
          <Alert
            type="warning"
            showIcon
            title={t('faces.offAlert')}
            style={{ marginBottom: 12 }}
            data-testid="faces-off"
          />
        )}
        <FormAlert error={search.error} form={form} />
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) => search.mutate(v)}
          initialValues={{ range: [dayjs().subtract(1, 'day').startOf('day'), dayjs().endOf('day')] }}
          style={{ maxWidth: 640 }}
          data-testid="trajectory-form"
        >
          <Form.Item
            name="studentId"
            label={t('faces.student')}
            rules={[{ required: true, message: t('faces.studentRequired') }]}
          >
            <StudentPicker />
          </Form.Item>
          <Form.Item
            name="range"
            label={t('faces.range')}
            rules={[{ required: true, message: t('faces.rangeRequired') }]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('faces.reason')}
            rules={[
              {
                required: true,
                whitespace: true,
                min: L.reasonMin,
                max: L.reasonMax,
                message: t('faces.reasonRequired'),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={L.reasonMax} showCount data-testid="trajectory-reason" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={search.isPending} data-testid="trajectory-search">
            {t('faces.searchButton')}
          </Button>
        </Form>
      </Card>
      {search.data && <Result trajectory={search.data} view={view} />}
    </Flex>
  );
}

function Result({ trajectory, view }: { trajectory: Trajectory; view: 'list' | 'playback' }) {
  const { t } = useTranslation();
  return (
    <Card title={trajectory.studentName} data-testid="trajectory-result">
      <Alert type="info" showIcon title={t('faces.audited')} style={{ marginBottom: 12 }} />
      <Tabs
        defaultActiveKey={view}
        items={[
          {
            key: 'list',
            label: t('faces.list'),
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={trajectory.points}
                locale={{ emptyText: t('faces.noPoints') }}
                data-testid="trajectory-list"
                columns={[
                  { title: t('faces.seenAt'), render: (_, p) => timeText(p.seenAt) },
                  { title: t('faces.location'), dataIndex: 'location' },
                  { title: t('faces.camera'), dataIndex: 'camera' },
                  {
                    title: t('faces.score'),
                    render: (_, p) => (p.score === null ? '-' : `${Math.round(p.score * 100)}%`),
                  },
                ]}
              />
            ),
          },
          {
            key: 'timeline',
            label: t('faces.timeline'),
            children:
              trajectory.points.length === 0 ? (
                t('faces.noPoints')
              ) : (
                <Timeline
                  items={trajectory.points.map((p) => ({
                    key: p.id,
                    children: `${timeText(p.seenAt)} · ${p.location} · ${p.camera}`,
                  }))}
                />
              ),
          },
          { key: 'playback', label: t('faces.playback'), children: <Playback trajectory={trajectory} /> },
        ]}
      />
    </Card>
  );
}
