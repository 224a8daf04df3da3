import { PlusOutlined } from '@ant-design/icons';
import { groupName, orgName } from '@meridian/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Modal, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { required, schemaRule } from '../../../../shared/forms/rules.ts';
import { type PagedList, PagedTable, usePagedList } from '../../../../shared/lists/PagedList.tsx';
import type { OrgNode } from '../../../../shared/people/api.ts';
import { SchoolSelect } from '../../../../shared/people/SchoolSelect.tsx';
import { useConfirm } from '../../../../shared/useConfirm.ts';
import { usePermissions } from '../../access.ts';
import {
  addDept,
  addGroup,
  deptPage,
  type GroupRow,
  groupPage,
  removeDept,
  removeGroup,
  updateDept,
  updateGroup,
} from '../api.ts';
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
  const [editing, setEditing] = useState<Editing>(null);
  const [members, setMembers] = useState<GroupRow | null>(null);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const mayEditDept = permissions.can({ path: '/system/dept', code: 'edit' });
  const mayEditGroup = permissions.can({ path: '/system/group', code: 'edit' });
  const depts = usePagedList<{ parentId?: number }, OrgNode>(['people', 'depts'], deptPage, {
    size: 10,
    enabled: schoolId !== undefined,
  });
  const groups = usePagedList<{ orgId?: number }, GroupRow>(['people', 'groups'], groupPage, {
    size: 10,
    enabled: schoolId !== undefined,
  });
  const pickSchool = (id: number | undefined) => {
    setSchoolId(id);
    depts.search({ parentId: id });
    groups.search({ orgId: id });
  };
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
  const removeButton = (title: string, remove: () => Promise<unknown>, reload: QueryKey) => (
    <Button
      type="link"
      size="small"
      danger
      onClick={() =>
        confirm({ title, okText: t('system.people.remove'), danger: true }, async () => {
          await remove();
          await queryClient.invalidateQueries({ queryKey: reload });
        })
      }
    >
      {t('system.people.remove')}
    </Button>
  );
  return (
    <Card
      data-testid="depts-page"
      title={t('system.route.depts')}
      extra={<SchoolSelect value={schoolId} onChange={pickSchool} style={{ width: 220 }} />}
    >
      {schoolId === undefined ? (
        <Typography.Text type="secondary">{t('system.people.depts.pickSchool')}</Typography.Text>
      ) : (
        <Flex gap={16} wrap align="flex-start">
          <SchoolList<OrgNode>
            title={t('system.people.depts.depts')}
            add={
              mayEditDept && {
                text: t('system.people.depts.addDept'),
                onClick: () => open({ kind: 'dept', node: null }),
              }
            }
            list={depts}
            emptyText={t('system.people.depts.deptEmpty')}
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
                      {removeButton(
                        t('system.people.depts.removeDeptTitle', { name: node.name }),
                        () => removeDept(node.id),
                        ['people', 'depts'],
                      )}
                    </Flex>
                  ),
              },
            ]}
          />
          <SchoolList<GroupRow>
            title={t('system.people.depts.groups')}
            add={
              mayEditGroup && {
                text: t('system.people.depts.addGroup'),
                onClick: () => open({ kind: 'group', group: null }),
              }
            }
            list={groups}
            emptyText={t('system.people.depts.groupEmpty')}
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
                        {removeButton(
                          t('system.people.depts.removeGroupTitle', { name: group.name }),
                          () => removeGroup(group.id),
                          ['people', 'groups'],
                        )}
                      </>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
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

/** One of the school's two lists, with a button to add to it for those who may. */
function SchoolList<R extends { id: number }>({
  title,
  add,
  list,
  emptyText,
  columns,
}: {
  title: string;
  add: false | { text: string; onClick(): void };
  list: PagedList<object, R>;
  emptyText: string;
  columns: TableColumnsType<R>;
}) {
  return (
    <Card
      size="small"
      style={{ flex: '1 1 320px' }}
      title={title}
      extra={
        add && (
          <Button size="small" icon={<PlusOutlined />} onClick={add.onClick}>
            {add.text}
          </Button>
        )
      }
    >
      <PagedTable<R> list={list} rowKey="id" size="small" locale={{ emptyText }} columns={columns} />
    </Card>
  );
}
