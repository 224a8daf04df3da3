import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrgNode, orgChildren, orgSearch } from '../../../shared/people/api.ts';
import './strings.ts';

interface TreeRow {
  id: number;
  pId: number;
  value: number;
  title: string;
  isLeaf: boolean;
  selectable: boolean;
}

// A home-visit task reaches classes (and chosen students); the levels above only lead to them.
const rowOf = (node: OrgNode): TreeRow => ({
  id: node.id,
  pId: node.parentId ?? 0,
  value: node.id,
  title: node.type === 'class' ? node.name : `${node.name}（${node.typeName}）`,
  isLeaf: !node.hasChildren || node.type === 'class',
  selectable: node.type === 'class',
});

interface ClassPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}

/**
 * Classes of the caller's scope, opened level by level from the tops. Classes already chosen (a
 * saved task) are named from the scope's classes until their branch is opened.
 */
export function ClassPicker({ value, onChange, id }: ClassPickerProps) {
  const { t } = useTranslation();
  const chosen = useQuery({
    queryKey: ['visits', 'scopeClasses'],
    queryFn: ({ signal }) => orgSearch({ type: 'class', size: 500 }, signal),
    enabled: (value?.length ?? 0) > 0,
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
  const known = (chosen.data?.list ?? []).filter((c) => value?.includes(c.id));
  const [rows, setRows] = useState<TreeRow[]>([]);
  const learn = (nodes: OrgNode[]) =>
    setRows((current) => {
      const seen = new Set(current.map((r) => r.id));
      return [...current, ...nodes.filter((n) => !seen.has(n.id)).map(rowOf)];
    });
  const tops = useQuery({
    queryKey: ['visits', 'orgTops'],
    queryFn: async ({ signal }) => {
      const page = await orgChildren(undefined, signal);
      learn(page.list);
      return page.list;
    },
    meta: { silentError: true },
  });
  const shown = new Set(rows.map((r) => r.id));
  const placeholders = known
    .filter((k) => !shown.has(k.id))
    .map((k) => ({ id: k.id, pId: -1, value: k.id, title: k.name, isLeaf: true, selectable: true }));
  return (
    <TreeSelect<number[]>
      id={id}
      data-testid="visit-task-classes"
      treeDataSimpleMode
      treeData={[...rows, ...placeholders]}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      multiple
      showSearch
      treeNodeFilterProp="title"
      allowClear
      loading={tops.isPending}
      placeholder={t('visits.task.classesPlaceholder')}
      loadData={async (node) => learn((await orgChildren(Number(node.value))).list)}
      style={{ width: '100%' }}
    />
  );
}
