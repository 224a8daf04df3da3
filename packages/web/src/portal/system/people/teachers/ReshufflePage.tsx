import { TEACHER_CHANGE_KINDS, TEACHER_CHANGE_STATUSES } from '@meridian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { LoadFailed } from '../../../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../access.ts';
import { auditReshuffle, type ReshuffleRow, reshufflePage } from '../api.ts';

const statusColors = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

/** Teacher reshuffle requests: the pending ones to approve or reject with a remark, and the history. */
export function ReshufflePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<{ status?: string; kind?: string }>({ status: 'pending' });
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const rows = useQuery({
    queryKey: ['people', 'reshuffle', filters, paging],
    queryFn: ({ signal }) => reshufflePage({ ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
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
            value={filters.status}
            placeholder={t('system.all')}
            style={{ width: 110 }}
            onChange={(status) => {
              setFilters((f) => ({ ...f, status }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={TEACHER_CHANGE_STATUSES.map((s) => ({
              value: s,
              label: t(`system.people.reshuffle.status.${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('system.people.reshuffle.kindLabel')}>
          <Select
            allowClear
            value={filters.kind}
            placeholder={t('system.all')}
            style={{ width: 110 }}
            onChange={(kind) => {
              setFilters((f) => ({ ...f, kind }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={TEACHER_CHANGE_KINDS.map((k) => ({ value: k, label: t(`system.people.reshuffle.kind.${k}`) }))}
          />
        </Form.Item>
      </Form>
      {rows.isError && !rows.data ? (
        <LoadFailed error={rows.error} onRetry={() => rows.refetch()} retrying={rows.isFetching} />
      ) : (
        <Table<ReshuffleRow>
          data-testid="reshuffle-table"
          rowKey="id"
          size="middle"
          loading={rows.isFetching}
          dataSource={rows.data?.list ?? []}
          locale={{ emptyText: t('system.people.reshuffle.empty') }}
          scroll={{ x: 1040 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: rows.data?.total ?? 0,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page, size }),
          }}
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
      )}
    </Card>
  );
}
