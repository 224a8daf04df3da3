import { PlusOutlined } from '@ant-design/icons';
import { groupName, orgName } from '@meridian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { required, schemaRule } from '../../../../shared/forms/rules.ts';
import { LoadFailed } from '../../../../shared/lists/PagedList.tsx';
import { useConfirm } from '../../../../shared/useConfirm.ts';
import { usePermissions } from '../../access.ts';
import {
  addDept,
  addGroup,
  deptPage,
  type GroupRow,
  groupPage,
  type OrgNode,
  removeDept,
  removeGroup,
  updateDept,
  updateGroup,
} from '../api.ts';
import { SchoolSelect } from '../SchoolSelect.tsx';
import { GroupMembers } from './GroupMembers.tsx';

type Editing = { kind: 'dept'; node: OrgNode | null } | { kind: 'group'; group: GroupRow | null } | null;

/** A school's departments and user groups side by side, each with its members' upkeep. */
export function DeptsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const [deptPaging, setDeptPaging] = useState({ page: 1, size: 10 });
  const [groupPaging, setGroupPaging] = useState({ page: 1, size: 10 });
  const [editing, setEditing] = useState<Editing>(null);
  const [members, setMembers] = useState<GroupRow | null>(null);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const mayEditDept = permissions.can({ path: '/system/dept', code: 'edit' });
  const mayEditGroup = permissions.can({ path: '/system/group', code: 'edit' });
  const depts = useQuery({
    queryKey: ['people', 'depts', schoolId, deptPaging],
    queryFn: ({ signal }) => deptPage({ parentId: schoolId, ...deptPaging }, signal),
    enabled: schoolId !== undefined,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const groups = useQuery({
    queryKey: ['people', 'groups', schoolId, groupPaging],
    queryFn: ({ signal }) => groupPage({ orgId: schoolId, ...groupPaging }, signal),
    enabled: schoolId !== undefined,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const open = (next: Editing) => {
    form.resetFields();
    if (next?.kind === 'dept' && next.node) form.setFieldsValue({ name: next.node.name });
    if (next?.kind === 'group' && next.group)
      form.setFieldsValue({ name: next.group.name, description: next.group.description ?? undefined });
    setEditing(next);
  };
  const save = async (values: { name: string; description?: string }) => {
    try {
      const name = values.name.trim();
      if (editing?.kind === 'dept')
        await (editing.node ? updateDept({ id: editing.node.id, name }) : addDept({ parentId: schoolId ?? 0, name }));
      if (editing?.kind === 'group') {
        const description = values.description?.trim() || null;
        await (editing.group
          ? updateGroup({ id: editing.group.id, name, description })
          : addGroup({ orgId: schoolId ?? 0, name, description }));
      }
      message.success(t('system.people.saved'));
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: ['people'] });
    } catch (error) {
      notifyError(error);
    }
  };
  const paging = (
    p: { page: number; size: number },
    total: number,
    set: (v: { page: number; size: number }) => void,
  ) => ({
    current: p.page,
    pageSize: p.size,
    total,
    showTotal: (n: number) => t('system.total', { total: n }),
    onChange: (page: number, size: number) => set({ page, size }),
  });
  return (
    <Card
      data-testid="depts-page"
      title={t('system.route.depts')}
      extra={<SchoolSelect value={schoolId} onChange={setSchoolId} style={{ width: 220 }} />}
    >
      {schoolId === undefined ? (
        <Typography.Text type="secondary">{t('system.people.depts.pickSchool')}</Typography.Text>
      ) : (
        <Flex gap={16} wrap align="flex-start">
          <Card
            size="small"
            style={{ flex: '1 1 320px' }}
            title={t('system.people.depts.depts')}
            extra={
              mayEditDept && (
                <Button size="small" icon={<PlusOutlined />} onClick={() => open({ kind: 'dept', node: null })}>
                  {t('system.people.depts.addDept')}
                </Button>
              )
            }
          >
            {depts.isError && !depts.data ? (
              <LoadFailed error={depts.error} onRetry={() => depts.refetch()} retrying={depts.isFetching} />
            ) : (
              <Table<OrgNode>
                rowKey="id"
                size="small"
                loading={depts.isFetching}
                dataSource={depts.data?.list ?? []}
                locale={{ emptyText: t('system.people.depts.deptEmpty') }}
                pagination={paging(deptPaging, depts.data?.total ?? 0, setDeptPaging)}
                columns={[
                  { title: t('system.people.col.name'), dataIndex: 'name' },
                  {
                    title: t('system.actions'),
                    key: 'a',
                    width: 140,
                    render: (_v, node) =>
                      mayEditDept && (
                        <Flex>
                          <Button type="link" size="small" onClick={() => open({ kind: 'dept', node })}>
                            {t('system.edit')}
                          </Button>
                          <Button
                            type="link"
                            size="small"
                            danger
                            onClick={() =>
                              confirm(
                                {
                                  title: t('system.people.depts.removeDeptTitle', { name: node.name }),
                                  okText: t('system.people.remove'),
                                  danger: true,
                                },
                                async () => {
                                  await removeDept(node.id);
                                  await queryClient.invalidateQueries({ queryKey: ['people', 'depts'] });
                                },
                              )
                            }
                          >
                            {t('system.people.remove')}
                          </Button>
                        </Flex>
                      ),
                  },
                ]}
              />
            )}
          </Card>
          <Card
            size="small"
            style={{ flex: '1 1 320px' }}
            title={t('system.people.depts.groups')}
            extra={
              mayEditGroup && (
                <Button size="small" icon={<PlusOutlined />} onClick={() => open({ kind: 'group', group: null })}>
                  {t('system.people.depts.addGroup')}
                </Button>
              )
            }
          >
            {groups.isError && !groups.data ? (
              <LoadFailed error={groups.error} onRetry={() => groups.refetch()} retrying={groups.isFetching} />
            ) : (
              <Table<GroupRow>
                rowKey="id"
                size="small"
                loading={groups.isFetching}
                dataSource={groups.data?.list ?? []}
                locale={{ emptyText: t('system.people.depts.groupEmpty') }}
                pagination={paging(groupPaging, groups.data?.total ?? 0, setGroupPaging)}
                columns={[
                  { title: t('system.people.col.name'), dataIndex: 'name' },
                  {
                    title: t('system.people.depts.members'),
                    dataIndex: 'memberCount',
                    width: 80,
                    render: (n: number) => t('system.people.depts.memberCount', { count: n }),
                  },
                  {
                    title: t('system.actions'),
                    key: 'a',
                    width: 190,
                    render: (_v, group) => (
                      <Flex>
                        <Button type="link" size="small" onClick={() => setMembers(group)}>
                          {t('system.people.depts.members')}
                        </Button>
                        {mayEditGroup && (
                          <>
                            <Button type="link" size="small" onClick={() => open({ kind: 'group', group })}>
                              {t('system.edit')}
                            </Button>
                            <Button
                              type="link"
                              size="small"
                              danger
                              onClick={() =>
                                confirm(
                                  {
                                    title: t('system.people.depts.removeGroupTitle', { name: group.name }),
                                    okText: t('system.people.remove'),
                                    danger: true,
                                  },
                                  async () => {
                                    await removeGroup(group.id);
                                    await queryClient.invalidateQueries({ queryKey: ['people', 'groups'] });
                                  },
                                )
                              }
                            >
                              {t('system.people.remove')}
                            </Button>
                          </>
                        )}
                      </Flex>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        </Flex>
      )}
      <Modal
        open={editing !== null}
        title={
          editing?.kind === 'dept'
            ? editing.node
              ? t('system.people.depts.renameDept')
              : t('system.people.depts.addDept')
            : editing?.group
              ? t('system.people.depts.editGroup')
              : t('system.people.depts.addGroup')
        }
        okText={t('system.save')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="name"
            label={t('system.people.col.name')}
            rules={[
              required(t('system.people.depts.needName')),
              schemaRule(editing?.kind === 'group' ? groupName : orgName),
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
          {editing?.kind === 'group' && (
            <Form.Item name="description" label={t('system.people.depts.description')} rules={[{ max: 200 }]}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      {members && <GroupMembers group={members} mayEdit={mayEditGroup} onClose={() => setMembers(null)} />}
    </Card>
  );
}
