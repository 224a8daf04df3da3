import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Spin, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../../shared/lists/LoadFailed.tsx';
import { type OrgNode, orgChildren } from '../../../../shared/people/api.ts';
import { useConfirm } from '../../../../shared/useConfirm.ts';
import { usePermissions } from '../../access.ts';
import { removeOrg, setOrgStatus } from '../api.ts';
import { ImportDialog } from '../ImportDialog.tsx';
import { OrgForm, type OrgFormMode } from './OrgForm.tsx';

const can = {
  add: { path: '/system/org', code: 'add' },
  edit: { path: '/system/org', code: 'edit' },
  remove: { path: '/system/org', code: 'delete' },
};

const ROOT = 'root';

/**
 * The organisation tree of the caller's scope (bureau → school → campus → grade → class, and
 * departments), opened a level at a time, with what may be done to the chosen node beside it.
 */
export function OrgsPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const confirm = useConfirm();
  // Each opened level's children by parent; a change reloads the levels it touched.
  const [levels, setLevels] = useState<Record<string, OrgNode[]>>({});
  const [selected, setSelected] = useState<OrgNode | null>(null);
  const [form, setForm] = useState<OrgFormMode | null>(null);
  const [importing, setImporting] = useState(false);
  const tops = useQuery({
    queryKey: ['people', 'orgTree', 'tops'],
    queryFn: async ({ signal }) => {
      const page = await orgChildren(undefined, signal);
      setLevels({ [ROOT]: page.list });
      return page.list;
    },
    meta: { silentError: true },
  });
  const reload = async (parentId: number | null) => {
    const page = await orgChildren(parentId ?? undefined);
    setLevels((current) => ({ ...current, [parentId ?? ROOT]: page.list }));
    return page.list;
  };
  const afterChange = async (node: OrgNode | null, parents: Array<number | null>) => {
    for (const parent of new Set(parents)) await reload(parent);
    setSelected(node);
  };

  const toTree = (key: string): TreeDataNode[] =>
    (levels[key] ?? []).map((node) => ({
      key: node.id,
      title: (
        <Flex gap={6} align="center" data-testid={`org-node-${node.id}`}>
          <span>{node.name}</span>
          <Tag style={{ marginInlineEnd: 0 }}>{node.typeName}</Tag>
          {node.status === 'disabled' && <Tag color="default">{t('system.people.orgs.disabled')}</Tag>}
        </Flex>
      ),
      isLeaf: !node.hasChildren,
      children: levels[String(node.id)] ? toTree(String(node.id)) : undefined,
    }));
  const find = (id: number) =>
    Object.values(levels)
      .flat()
      .find((node) => node.id === id) ?? null;

  const removeNode = (node: OrgNode) =>
    confirm(
      {
        title: t('system.people.orgs.removeTitle', { name: node.name }),
        content: t('system.people.orgs.removeText'),
        okText: t('system.people.remove'),
        danger: true,
      },
      async () => {
        await removeOrg(node.id);
        await afterChange(null, [node.parentId]);
      },
    );
  const toggle = (node: OrgNode) => {
    const disabling = node.status === 'enabled';
    confirm(
      {
        title: t(disabling ? 'system.people.orgs.disableTitle' : 'system.people.orgs.enableTitle', { name: node.name }),
        okText: t(disabling ? 'system.people.orgs.disable' : 'system.people.orgs.enable'),
        danger: disabling,
      },
      async () => {
        const next = await setOrgStatus(node.id, disabling ? 'disabled' : 'enabled');
        await afterChange(next, [node.parentId]);
      },
    );
  };

  return (
    <Card
      data-testid="orgs-page"
      title={t('system.route.orgs')}
      extra={
        permissions.can(can.add) && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => setForm({ kind: 'add', parent: null })}
            data-testid="org-add-top"
          >
            {t('system.people.orgs.addTop')}
          </Button>
        )
      }
    >
      {tops.isError ? (
        <LoadFailed error={tops.error} onRetry={() => tops.refetch()} retrying={tops.isFetching} />
      ) : (
        <Flex gap={16} wrap align="flex-start">
          <div style={{ flex: '1 1 320px', minWidth: 280 }} data-testid="org-tree">
            {tops.isPending ? (
              <Spin />
            ) : (levels[ROOT] ?? []).length === 0 ? (
              <Empty description={t('system.people.orgs.empty')} />
            ) : (
              <Tree
                showLine
                blockNode
                treeData={toTree(ROOT)}
                selectedKeys={selected ? [selected.id] : []}
                onSelect={(keys) => setSelected(keys[0] === undefined ? null : find(Number(keys[0])))}
                loadData={async (treeNode) => {
                  if (!levels[String(treeNode.key)]) await reload(Number(treeNode.key));
                }}
              />
            )}
          </div>
          <Card size="small" style={{ flex: '1 1 300px', minWidth: 280 }} data-testid="org-detail">
            {!selected ? (
              <Typography.Text type="secondary">{t('system.people.orgs.pick')}</Typography.Text>
            ) : (
              <Flex vertical gap={12}>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'name', label: t('system.people.col.name'), children: selected.name },
                    { key: 'type', label: t('system.people.orgs.type'), children: selected.typeName },
                    { key: 'code', label: t('system.people.orgs.code'), children: selected.code || '-' },
                    {
                      key: 'status',
                      label: t('system.people.col.status'),
                      children:
                        selected.status === 'enabled' ? (
                          <Tag color="green">{t('system.people.orgs.enabled')}</Tag>
                        ) : (
                          <Tag>{t('system.people.orgs.disabled')}</Tag>
                        ),
                    },
                  ]}
                />
                <Flex gap={8} wrap>
                  {permissions.can(can.add) && selected.type !== 'class' && selected.type !== 'department' && (
                    <Button
                      type="primary"
                      size="small"
                      onClick={() => setForm({ kind: 'add', parent: selected })}
                      data-testid="org-add-child"
                    >
                      {t('system.people.orgs.addChild')}
                    </Button>
                  )}
                  {permissions.can(can.add) && selected.type === 'school' && (
                    <Button
                      size="small"
                      icon={<UploadOutlined />}
                      onClick={() => setImporting(true)}
                      data-testid="org-import"
                    >
                      {t('system.people.orgs.import')}
                    </Button>
                  )}
                  {permissions.can(can.edit) && (
                    <>
                      <Button size="small" onClick={() => setForm({ kind: 'rename', node: selected })}>
                        {t('system.people.orgs.rename')}
                      </Button>
                      <Button size="small" onClick={() => setForm({ kind: 'move', node: selected })}>
                        {t('system.people.orgs.move')}
                      </Button>
                      <Button size="small" danger={selected.status === 'enabled'} onClick={() => toggle(selected)}>
                        {selected.status === 'enabled'
                          ? t('system.people.orgs.disable')
                          : t('system.people.orgs.enable')}
                      </Button>
                    </>
                  )}
                  {permissions.can(can.remove) && (
                    <Button size="small" danger onClick={() => removeNode(selected)}>
                      {t('system.people.remove')}
                    </Button>
                  )}
                </Flex>
              </Flex>
            )}
          </Card>
        </Flex>
      )}
      {form && (
        <OrgForm
          mode={form}
          onClose={() => setForm(null)}
          onSaved={async (node, parents) => {
            setForm(null);
            await afterChange(node, parents);
          }}
        />
      )}
      {selected?.type === 'school' && (
        <ImportDialog
          kind="org"
          open={importing}
          schoolId={selected.id}
          onClose={() => {
            setImporting(false);
            void afterChange(selected, [selected.parentId, selected.id]);
          }}
          refresh={['people', 'orgs']}
        />
      )}
    </Card>
  );
}
