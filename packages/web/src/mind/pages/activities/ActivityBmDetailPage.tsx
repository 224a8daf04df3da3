import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Input, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/errors.ts';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { activityInfo, exportSignups, markAttendance, type Signup, signupPage } from './api.ts';
import './strings.ts';

function AttendanceTag({ attended }: { attended: boolean | null }) {
  const { t } = useTranslation();
  if (attended === null) return <Tag>{t('activities.unmarked')}</Tag>;
  return attended ? (
    <Tag color="green">{t('activities.present')}</Tag>
  ) : (
    <Tag color="red">{t('activities.absent')}</Tag>
  );
}

/** `/data/activityBmDetail?activityId=`: one activity's sign-ups in the caller's scope, attendance and export. */
export function ActivityBmDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/activityManage');
  const queryClient = useQueryClient();
  const activityId = Number(useSearchParams()[0].get('activityId'));
  const [picked, setPicked] = useState<number[]>([]);
  const info = useQuery({
    queryKey: ['activities', 'info', activityId],
    queryFn: ({ signal }) => activityInfo(activityId, signal),
    enabled: activityId > 0,
    meta: { silentError: true },
  });
  const list = usePagedList<{ activityId: number; keyword?: string }, Signup>(['activities', 'signups'], signupPage, {
    filters: { activityId },
    enabled: activityId > 0,
  });
  const mark = useMutation({
    mutationFn: (attended: boolean) => markAttendance({ activityId, signupIds: picked, attended }),
    onSuccess: ({ marked }) => {
      message.success(t('activities.marked', { count: marked }));
      setPicked([]);
      void queryClient.invalidateQueries({ queryKey: ['activities', 'signups'] });
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  if (!(activityId > 0) || info.isError) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('activities.notFound')}
          subTitle={info.isError ? errorText(info.error) : undefined}
          extra={<Link to="/data/activityManage">{t('activities.back')}</Link>}
        />
      </Card>
    );
  }
  const a = info.data;
  return (
    <Flex vertical gap={16} data-testid="activity-signups-page">
      <Card>
        {a === undefined ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Descriptions
            title={a.title}
            extra={<Link to="/data/activityManage">{t('activities.back')}</Link>}
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'kind', label: t('activities.kind'), children: t(`activities.kinds.${a.kind}`) },
              { key: 'when', label: t('activities.when'), children: `${timeText(a.startsAt)} – ${timeText(a.endsAt)}` },
              { key: 'signed', label: t('activities.signed'), children: `${a.signed}/${a.quota}` },
              { key: 'audience', label: t('activities.audience'), children: t(`activities.audiences.${a.audience}`) },
              { key: 'place', label: t('activities.place'), children: a.place || '-' },
              { key: 'org', label: t('activities.publisher'), children: a.orgName },
            ]}
          />
        )}
      </Card>
      <Card>
        <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
          <Form
            layout="inline"
            onFinish={(v: { keyword?: string }) => list.search({ activityId, keyword: v.keyword?.trim() || undefined })}
          >
            <Form.Item name="keyword">
              <Input allowClear placeholder={t('activities.studentKeyword')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit">{t('activities.search')}</Button>
            </Form.Item>
          </Form>
          <Flex gap={8} wrap>
            {can('edit') && (
              <>
                <Button
                  disabled={picked.length === 0}
                  loading={mark.isPending && mark.variables === true}
                  onClick={() => mark.mutate(true)}
                  data-testid="activity-mark-present"
                >
                  {t('activities.markPresent')}
                </Button>
                <Button
                  disabled={picked.length === 0}
                  loading={mark.isPending && mark.variables === false}
                  onClick={() => mark.mutate(false)}
                >
                  {t('activities.markAbsent')}
                </Button>
              </>
            )}
            {can('export') && (
              <Button
                onClick={() => exportSignups(activityId, t('activities.exportName')).catch(notifyError)}
                data-testid="activity-export"
              >
                {t('activities.export')}
              </Button>
            )}
          </Flex>
        </Flex>
        <PagedTable<Signup>
          list={list}
          rowKey="id"
          data-testid="activity-signups"
          locale={{ emptyText: t('activities.signupsEmpty') }}
          scroll={{ x: 900 }}
          rowSelection={
            can('edit') ? { selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)) } : undefined
          }
          columns={[
            { title: t('activities.className'), dataIndex: 'className', width: 140 },
            { title: t('activities.student'), dataIndex: 'studentName', width: 120 },
            { title: t('activities.studentNo'), dataIndex: 'studentNo', width: 120 },
            { title: t('activities.signer'), dataIndex: 'signerName', width: 140 },
            { title: t('activities.by'), key: 'by', width: 100, render: (_v, s) => t(`activities.signers.${s.by}`) },
            { title: t('activities.signedAt'), key: 'at', width: 160, render: (_v, s) => timeText(s.signedAt) },
            {
              title: t('activities.attended'),
              key: 'attended',
              width: 100,
              render: (_v, s) => <AttendanceTag attended={s.attended} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
