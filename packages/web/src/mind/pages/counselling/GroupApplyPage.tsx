import { GROUP_STATES } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router';
import type { UserInfo } from '../../../shared/auth.ts';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { type CounsellingGroup, deleteGroup, type GroupState, groupPage } from './api.ts';
import { ApplyForm, ReviewDialog } from './GroupForms.tsx';
import './strings.ts';

export const GROUP_COLOUR: Record<GroupState, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** `/data/groupApply`: group-counselling applications, reviewed by the school's psychology staff. */
export function GroupApplyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/groupApply');
  const me = useOutletContext<UserInfo>();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CounsellingGroup | null | 'new'>(null);
  const [reviewing, setReviewing] = useState<CounsellingGroup | null>(null);
  const groups = usePagedList<{ state?: GroupState }, CounsellingGroup>(['counsel', 'groups'], groupPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['counsel'] });
  const remove = useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => {
      message.success(t('counsel.apply.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="group-apply-page">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Select<GroupState>
          allowClear
          style={{ width: 160 }}
          placeholder={t('counsel.apply.state')}
          value={groups.filters.state}
          onChange={(state) => groups.search({ state })}
          options={GROUP_STATES.map((s) => ({ value: s, label: t(`counsel.groupState.${s}`) }))}
        />
        {can('add') && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="group-add">
            {t('counsel.apply.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<CounsellingGroup>
        list={groups}
        rowKey="id"
        data-testid="group-table"
        locale={{ emptyText: t('counsel.apply.empty') }}
        scroll={{ x: 1100 }}
        expandable={{
          expandedRowRender: (g) => (
            <Flex vertical gap={6}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{g.plan}</Typography.Paragraph>
              <div>
                {g.members.map((m) => (
                  <Tag key={m.studentId}>{m.name}</Tag>
                ))}
              </div>
            </Flex>
          ),
        }}
        columns={[
          { title: t('counsel.apply.title'), dataIndex: 'title', width: 180 },
          { title: t('counsel.apply.topic'), dataIndex: 'topic', width: 180, ellipsis: true },
          { title: t('counsel.apply.startsOn'), dataIndex: 'startsOn', width: 110 },
          {
            title: t('counsel.apply.held'),
            key: 'held',
            width: 90,
            render: (_v, g) => t('counsel.apply.heldOf', { held: g.sessionsHeld, total: g.sessions }),
          },
          {
            title: t('counsel.apply.members'),
            key: 'members',
            width: 80,
            render: (_v, g) => t('counsel.apply.membersCount', { count: g.members.length }),
          },
          {
            title: t('counsel.apply.state'),
            dataIndex: 'state',
            width: 90,
            render: (s: GroupState) => <Tag color={GROUP_COLOUR[s]}>{t(`counsel.groupState.${s}`)}</Tag>,
          },
          { title: t('counsel.apply.applicant'), dataIndex: 'applicantName', width: 100 },
          {
            title: t('counsel.apply.reviewNote'),
            dataIndex: 'reviewNote',
            width: 160,
            ellipsis: true,
            render: (n) => n ?? '-',
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 230,
            render: (_v, g) => (
              <Flex gap={10} wrap>
                {g.state === 'pending' && can('review') && g.applicantId !== me.id && (
                  <Typography.Link onClick={() => setReviewing(g)} data-testid="group-review">
                    {t('counsel.apply.review')}
                  </Typography.Link>
                )}
                {g.state === 'pending' && can('edit') && (
                  <Typography.Link onClick={() => setEditing(g)}>{t('counsel.edit')}</Typography.Link>
                )}
                <Link to={`/data/grp?id=${g.id}`} data-testid="group-archive-link">
                  {t('counsel.archive.open')}
                </Link>
                {g.state === 'approved' && (
                  <Link to={`/data/groupRecord?groupId=${g.id}`}>{t('counsel.apply.records')}</Link>
                )}
                {g.state !== 'approved' && can('delete') && (
                  <DeleteLink
                    title={g.title}
                    question={t('counsel.apply.confirmDelete')}
                    label={t('counsel.delete')}
                    cancel={t('counsel.cancel')}
                    onDelete={() => remove.mutateAsync(g.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <ApplyForm
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(t('counsel.apply.saved'));
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {reviewing && (
        <ReviewDialog
          group={reviewing}
          onClose={() => setReviewing(null)}
          onDone={() => {
            message.success(t('counsel.apply.reviewed'));
            setReviewing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
