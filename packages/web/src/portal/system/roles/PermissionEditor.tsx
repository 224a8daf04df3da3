import { FEATURES, hasPermission, toLang } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Drawer, Flex, Skeleton, Tree, type TreeDataNode, Typography } from 'antd';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { usePermissions } from '../access.ts';
import { type FeatureGroup, featureTree, type RoleSummary, roleDetailOf, updateRole } from './api.ts';
import {
  entriesAfter,
  featureKey,
  grantedKeys,
  grantsEverything,
  groupKey,
  groupsFor,
  setFeatureCodes,
  tickedCodes,
  toggle,
  treeChecks,
} from './permissionTree.ts';

const IOT_MENUS = FEATURES.filter((feature) => feature.app === 'iot');

// A code's checkbox sits in its feature's title: its clicks are not the title's (which ticks the whole feature).
const keepToRow = (event: SyntheticEvent) => event.stopPropagation();

/**
 * What a role may do: its app's features (and the portal's administration pages) as a tree, each
 * feature with a checkbox per permission code, saved through `role/update`. Device Cloud roles
 * also choose their menus.
 */
export function PermissionEditor({ role, onClose }: { role: RoleSummary | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={role ? t('system.roles.permsTitle', { name: role.name }) : ''}
    >
      {role && <Editor role={role} onDone={onClose} />}
    </Drawer>
  );
}

function Editor({ role, onDone }: { role: RoleSummary; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language) ?? 'zh-CN';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mine = usePermissions();
  const detail = useQuery({
    queryKey: ['system', 'roles', 'detail', role.id],
    queryFn: ({ signal }) => roleDetailOf(role.id, signal),
    meta: { silentError: true },
  });
  const tree = useQuery({
    queryKey: ['system', 'roles', 'features', role.id, lang],
    queryFn: ({ signal }) => featureTree(role.id, signal),
    meta: { silentError: true },
  });
  const [edited, setEdited] = useState<string[] | null>(null);
  const [menus, setMenus] = useState<string[] | null>(null);
  const save = useMutation({
    mutationFn: updateRole,
    onSuccess: async () => {
      message.success(t('system.roles.permsSaved', { name: role.name }));
      await queryClient.invalidateQueries({ queryKey: ['system', 'roles'] });
      onDone();
    },
  });

  if (detail.isError || tree.isError)
    return (
      <LoadFailed
        error={detail.error ?? tree.error}
        onRetry={() => {
          void detail.refetch();
          void tree.refetch();
        }}
        retrying={detail.isFetching || tree.isFetching}
      />
    );
  if (!detail.data || !tree.data) return <Skeleton active paragraph={{ rows: 10 }} />;

  const groups = groupsFor(tree.data, role.app);
  const everything = grantsEverything(detail.data.perms);
  const ticked = edited ?? grantedKeys(groups);
  const chosenMenus = menus ?? detail.data.menuPerms;
  // The server refuses to grant more than the granter holds; those codes cannot be ticked here.
  const mayGrant = (path: string, code: string) => !everything && hasPermission(mine.entries, path, code);
  const submit = () =>
    save.mutate({
      roleId: role.id,
      perms: entriesAfter(groups, ticked, detail.data.perms),
      ...(role.app === 'iot' ? { menuPerms: chosenMenus } : {}),
    });

  return (
    <Flex vertical gap={16} data-testid="permission-editor">
      {everything ? (
        <Alert type="info" showIcon title={t('system.roles.everything')} />
      ) : (
        <Typography.Text type="secondary">{t('system.roles.permsHint')}</Typography.Text>
      )}
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        blockNode
        disabled={everything}
        treeData={nodesOf(groups, ticked, mayGrant, (next) => setEdited(next))}
        checkedKeys={treeChecks(groups, ticked)}
        onCheck={(_keys, info) => setEdited(toggle(groups, ticked, String(info.node.key), info.checked, mayGrant))}
      />
      {role.app === 'iot' && (
        <div>
          <Typography.Title level={5}>{t('system.roles.menus')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('system.roles.menusHint')}</Typography.Paragraph>
          <Checkbox.Group
            data-testid="menu-perms"
            value={chosenMenus}
            onChange={(next) => setMenus(next.map(String))}
            options={IOT_MENUS.map((feature) => ({ value: feature.path, label: feature.name[lang] }))}
          />
        </div>
      )}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{t('system.cancel')}</Button>
        <Button type="primary" data-testid="save-perms" loading={save.isPending} disabled={everything} onClick={submit}>
          {t('system.save')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** Groups, then features, each feature's codes as a row of checkboxes beside its name. */
function nodesOf(
  groups: FeatureGroup[],
  ticked: string[],
  mayGrant: (path: string, code: string) => boolean,
  onChange: (next: string[]) => void,
): TreeDataNode[] {
  return groups.map((group) => ({
    key: groupKey(group.key),
    title: <Typography.Text strong>{group.name}</Typography.Text>,
    children: group.children.map((feature) => ({
      key: featureKey(feature.path),
      isLeaf: true,
      disableCheckbox: feature.codes.every((code) => !mayGrant(feature.path, code.code)),
      title: (
        <Flex align="baseline" gap={12} data-testid={`feature-${feature.path}`}>
          <span style={{ flex: 'none', width: 120 }}>{feature.name}</span>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's clicks reaching the tree title */}
          <span onClick={keepToRow} onKeyDown={keepToRow} style={{ flex: 1 }}>
            <Checkbox.Group
              value={tickedCodes(feature, ticked)}
              onChange={(codes) => onChange(setFeatureCodes(ticked, feature, codes.map(String)))}
              options={feature.codes.map((code) => ({
                value: code.code,
                label: code.name,
                disabled: !mayGrant(feature.path, code.code),
              }))}
            />
          </span>
        </Flex>
      ),
    })),
  }));
}
