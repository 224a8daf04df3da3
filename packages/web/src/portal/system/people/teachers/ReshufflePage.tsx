import { TEACHER_CHANGE_KINDS, TEACHER_CHANGE_STATUSES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../access.ts';
import { auditReshuffle, type ReshuffleRow, reshufflePage } from '../api.ts';

const statusColors = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

/** Teacher reshuffle requests: the pending ones to approve or reject with a remark, and the history. */
export function ReshufflePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const rows = usePagedList<{ status?: string; kind?: string }, ReshuffleRow>(['people', 'reshuffle'], reshufflePage, {
    filters: { status: 'pending' },
  });
  const mayAudit = permissions.can({ path: '/system/teacher', code: 'audit' });
  const decide = (row: ReshuffleRow, approve: boolean) => {
    let remark = '';
    modal.confirm({
      title: t(approve ? 'system.people.reshuffle.approveTitle' : 'system.people.reshuffle.rejectTitle', {
        name: row.teacherName,
      }),
      content: (
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder={t('system.people.reshuffle.remark')}
          onChange={(e) => {
            remark = e.target.value;
          }}
        />
      ),
      okText: t(approve ? 'system.people.reshuffle.approve' : 'system.people.reshuffle.reject'),
      okButtonProps: { danger: !approve },
      onOk: async () => {
        try {
          await auditReshuffle({ id: row.id, approve, ...(remark.trim() ? { remark: remark.trim() } : {}) });
          await queryClient.invalidateQueries({ queryKey: ['people'] });
        } catch (error) {
          notifyError(error);
        }
      },
    });
  };
  return (
    <Card data-testid="reshuffle-page" title={t('system.route.reshuffle')}>
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label={t('system.people.col.status')}>
          <Select
            allowClear
            value={rows.filters.status}
            placeholder={t('system.all')}
            style={{ width: 110 }}
            onChange={(status) => rows.search({ ...rows.filters, status })}
            options={TEACHER_CHANGE_STATUSES.map((s) => ({
              value: s,
              label: t(`system.people.reshuffle.status.${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('system.people.reshuffle.kindLabel')}>
          <Select
            allowClear
            value={rows.filters.kind}
            placeholder={t('system.all')}
            style={{ width: 110 }}
            onChange={(kind) => rows.search({ ...rows.filters, kind })}
            options={TEACHER_CHANGE_KINDS.map((k) => ({ value: k, label: t(`system.people.reshuffle.kind.${k}`) }))}
          />
        </Form.Item>
      </Form>
      <PagedTable<ReshuffleRow>
        list={rows}
        data-testid="reshuffle-table"
        rowKey="id"
        locale={{ emptyText: t('system.people.reshuffle.empty') }}
        scroll={{ x: 1040 }}
        columns={[
          {
            title: t('system.people.col.name'),
            key: 'teacher',
            width: 140,
            render: (_v, r) => (
              <Flex vertical>
                <span>{r.teacherName}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.teacherNo} · {r.schoolName}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('system.people.reshuffle.kindLabel'),
            key: 'kind',
            width: 150,
            render: (_v, r) =>
              `${t(`system.people.reshuffle.kind.${r.kind}`)}${r.toSchoolName ? ` → ${r.toSchoolName}` : ''}`,
          },
          { title: t('system.people.reshuffle.date'), dataIndex: 'effectiveDate', width: 110 },
          {
            title: t('system.people.reshuffle.reason'),
            dataIndex: 'reason',
            ellipsis: true,
            render: (v) => v ?? '-',
          },
          {
            title: t('system.people.reshuffle.requested'),
            key: 'requested',
            width: 150,
            render: (_v, r) => `${r.requestedByName} · ${dayjs(r.requestedAt).format('YYYY-MM-DD')}`,
          },
          {
            title: t('system.people.col.status'),
            key: 'status',
            width: 170,
            render: (_v, r) => (
              <Flex vertical>
                <Tag color={statusColors[r.status]} style={{ width: 'fit-content' }}>
                  {t(`system.people.reshuffle.status.${r.status}`)}
                </Tag>
                {r.decidedByName && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.decidedByName}
                    {r.remark ? `: ${r.remark}` : ''}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 130,
            render: (_v, r) =>
              r.status === 'pending' && mayAudit ? (
                <Flex>
                  <Button type="link" size="small" onClick={() => decide(r, true)}>
                    {t('system.people.reshuffle.approve')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => decide(r, false)}>
                    {t('system.people.reshuffle.reject')}
                  </Button>
                </Flex>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
