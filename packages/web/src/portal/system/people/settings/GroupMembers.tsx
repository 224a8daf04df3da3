import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { LoadFailed } from '../../../../shared/lists/LoadFailed.tsx';
import { teacherPage } from '../../../../shared/people/api.ts';
import { type GroupMember, type GroupRow, groupMembers, setGroupMembers } from '../api.ts';

/** A group's members, paged, with teachers of the school added by name and members taken out. */
export function GroupMembers({ group, mayEdit, onClose }: { group: GroupRow; mayEdit: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const members = useQuery({
    queryKey: ['people', 'groupMembers', group.id, paging],
    queryFn: ({ signal }) => groupMembers(group.id, paging, signal),
    meta: { silentError: true },
  });
  // The whole member list, to replace it with one more or one fewer (members/set takes them all).
  const everyone = useQuery({
    queryKey: ['people', 'groupMembers', group.id, 'all'],
    queryFn: ({ signal }) => groupMembers(group.id, { page: 1, size: 500 }, signal),
  });
  const candidates = useQuery({
    queryKey: ['people', 'groupCandidates', group.orgId, keyword],
    queryFn: ({ signal }) =>
      teacherPage({ schoolId: group.orgId, keyword: keyword || undefined, page: 1, size: 20 }, signal),
    enabled: mayEdit,
  });
  const change = async (userIds: number[]) => {
    setBusy(true);
    try {
      await setGroupMembers(group.id, userIds);
      message.success(t('system.people.saved'));
      await queryClient.invalidateQueries({ queryKey: ['people'] });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const ids = (everyone.data?.list ?? []).map((m) => m.userId);
  return (
    <Drawer open onClose={onClose} title={t('system.people.depts.membersTitle', { name: group.name })} size={520}>
      <Flex vertical gap={12}>
        {mayEdit && (
          <Select<number>
            showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
            placeholder={t('system.people.depts.pickMembers')}
            value={null}
            disabled={busy || !everyone.data}
            onChange={(userId) => userId && !ids.includes(userId) && void change([...ids, userId])}
            options={(candidates.data?.list ?? []).map((c) => ({
              value: c.userId,
              label: `${c.name} · ${c.teacherNo}`,
            }))}
          />
        )}
        {members.isError ? (
          <LoadFailed error={members.error} onRetry={() => members.refetch()} retrying={members.isFetching} />
        ) : (
          <Table<GroupMember>
            rowKey="userId"
            size="small"
            loading={members.isFetching}
            dataSource={members.data?.list ?? []}
            pagination={{
              current: paging.page,
              pageSize: paging.size,
              total: members.data?.total ?? 0,
              onChange: (page, size) => setPaging({ page, size }),
            }}
            columns={[
              { title: t('system.people.col.name'), dataIndex: 'nickname' },
              { title: t('system.people.col.account'), dataIndex: 'account' },
              ...(mayEdit
                ? [
                    {
                      title: t('system.actions'),
                      key: 'a',
                      width: 80,
                      render: (_v: unknown, m: GroupMember) => (
                        <Button
                          type="link"
                          size="small"
                          danger
                          disabled={busy}
                          onClick={() => change(ids.filter((id) => id !== m.userId))}
                        >
                          {t('system.people.remove')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Flex>
    </Drawer>
  );
}
