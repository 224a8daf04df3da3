import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Flex, Input, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { useConfirm } from '../../shared/useConfirm.ts';
import { deleteProject, dismissManager, listProjects, type MyProject, myProjects, type ProjectView } from './api.ts';
import { ProjectForm } from './ProjectForm.tsx';
import { ProjectUsersDialog } from './ProjectUsersDialog.tsx';

/** Subordinate Project: my account's projects; Project Manager / Project and User / All Projects: those I take part in. */
type View = 'mine' | 'all' | 'manager' | 'member';

export function ProjectsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<ProjectView | 'new' | null>(null);
  const [members, setMembers] = useState<ProjectView | null>(null);
  const list = usePagedList<{ view: View; keyword?: string }, ProjectView | MyProject>(
    ['iot', 'projects'],
    ({ view, ...query }, signal) =>
      view === 'mine'
        ? listProjects(query, signal)
        : myProjects({ ...query, relation: view === 'all' ? undefined : view }, signal),
    { filters: { view: 'mine' } },
  );
  const { view } = list.filters;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot'] });
  const remove = (row: ProjectView) =>
    confirm(
      {
        title: t('projects.deleteAsk', { name: row.name }),
        content: t('projects.deleteHint'),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteProject(row.id);
        await refresh();
      },
    );
  const dismiss = (row: ProjectView) =>
    confirm(
      { title: t('projects.dismissAsk', { name: row.managerName ?? '' }), okText: t('projects.dismiss'), danger: true },
      async () => {
        await dismissManager(row.id);
        await refresh();
      },
    );
  const owned = view === 'mine';

  return (
    <Card
      data-testid="projects-page"
      title={t('menu.projects.list')}
      extra={
        owned && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="project-add">
            {t('projects.add')}
          </Button>
        )
      }
    >
      <Flex gap={16} wrap style={{ marginBottom: 16 }}>
        <Segmented<View>
          value={view}
          onChange={(v) => list.search({ ...list.filters, view: v })}
          options={(['mine', 'all', 'manager', 'member'] as const).map((v) => ({
            value: v,
            label: t(`projects.view.${v}`),
          }))}
        />
        <Input.Search
          allowClear
          placeholder={t('projects.keyword')}
          style={{ width: 260 }}
          onSearch={(value) => list.search({ ...list.filters, keyword: value.trim() || undefined })}
        />
      </Flex>
      <PagedTable<ProjectView | MyProject>
        list={list}
        data-testid="projects-table"
        rowKey="id"
        locale={{ emptyText: t(owned ? 'projects.empty' : 'projects.emptyMine') }}
        columns={[
          {
            title: t('projects.field.name'),
            key: 'name',
            render: (_v, row) => (
              <Flex gap={6} align="center">
                <Typography.Text strong>{row.name}</Typography.Text>
                {'relation' in row && <Tag>{t(`projects.relation.${row.relation}`)}</Tag>}
              </Flex>
            ),
          },
          {
            title: t('projects.field.manager'),
            dataIndex: 'managerName',
            render: (v: string | null) =>
              v ?? <Typography.Text type="secondary">{t('projects.noManager')}</Typography.Text>,
          },
          { title: t('projects.field.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
          { title: t('projects.field.users'), dataIndex: 'userCount', width: 110 },
          { title: t('projects.field.devices'), dataIndex: 'deviceCount', width: 110 },
          { title: t('projects.field.owner'), dataIndex: 'ownerAccount', width: 130 },
          ...(owned
            ? [
                {
                  title: t('ui.actions'),
                  key: 'actions',
                  width: 220,
                  render: (_v: unknown, row: ProjectView) => (
                    <Flex align="center">
                      <Button type="link" size="small" onClick={() => setEditing(row)}>
                        {t('ui.edit')}
                      </Button>
                      <Button type="link" size="small" onClick={() => setMembers(row)}>
                        {t('projects.users')}
                      </Button>
                      <Dropdown
                        trigger={['click']}
                        placement="bottomRight"
                        menu={{
                          items: [
                            ...(row.managerId || row.managerName
                              ? [{ key: 'dismiss', label: t('projects.dismiss') }]
                              : []),
                            { key: 'delete', label: t('ui.delete'), danger: true },
                          ],
                          onClick: ({ key }) => (key === 'dismiss' ? dismiss(row) : remove(row)),
                        }}
                      >
                        <Button type="link" size="small" data-testid={`project-more-${row.id}`}>
                          {t('ui.more')} <DownOutlined style={{ fontSize: 10 }} />
                        </Button>
                      </Dropdown>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <ProjectForm open project={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ProjectUsersDialog project={members} onClose={() => setMembers(null)} />
    </Card>
  );
}
