import type { OrgNode, Page } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/request.ts';

const children = (parentId: number | undefined, signal?: AbortSignal) =>
  get<Page<OrgNode>>('apis-rbac/org/children', { query: { parentId, size: 500 }, signal });

interface TreeRow {
  id: number;
  pId: number | null;
  value: number;
  title: string;
  isLeaf: boolean;
}

const rowOf = (node: OrgNode): TreeRow => ({
  id: node.id,
  pId: node.parentId,
  value: node.id,
  title: `${node.name} · ${node.typeName}`,
  isLeaf: !node.hasChildren,
});

interface OrgSelectProps {
  value?: number;
  onChange?(value: number | undefined): void;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}

/**
 * Picks an organisation of the caller's scope, its tree opened a level at a time
 * (`org/children`, which needs `/system/org:view`).
 */
export function OrgSelect({ value, onChange, placeholder, style, id }: OrgSelectProps) {
  const { t } = useTranslation();
  const tops = useQuery({ queryKey: ['system', 'orgs', 'tops'], queryFn: ({ signal }) => children(undefined, signal) });
  const [loaded, setLoaded] = useState<TreeRow[]>([]);
  const rows = [...(tops.data?.list.map(rowOf) ?? []), ...loaded];
  return (
    <TreeSelect<number>
      id={id}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDataSimpleMode
      treeData={rows}
      loading={tops.isPending}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder={placeholder ?? t('system.org.placeholder')}
      style={style}
      notFoundContent={t('system.org.none')}
      loadData={async (node) => {
        const parentId = Number(node.value);
        if (rows.some((row) => row.pId === parentId)) return;
        const page = await children(parentId);
        setLoaded((current) => [...current.filter((row) => row.pId !== parentId), ...page.list.map(rowOf)]);
      }}
    />
  );
}
