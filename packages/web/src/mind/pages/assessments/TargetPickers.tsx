import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrgNode, orgChildren, studentPage } from '../../../shared/people/api.ts';

/** The organisation levels a task reaches; bureaus and campuses only lead to them. */
export type TargetLevel = 'school' | 'grade' | 'class';
const LEVELS: readonly string[] = ['school', 'grade', 'class'];

interface TreeRow {
  id: number;
  pId: number;
  value: number;
  title: string;
  isLeaf: boolean;
  selectable: boolean;
  checkable: boolean;
}

const rowOf = (node: OrgNode): TreeRow => ({
  id: node.id,
  pId: node.parentId ?? 0,
  value: node.id,
  title: `${node.name}（${node.typeName}）`,
  // Classes are the bottom of what a task reaches.
  isLeaf: !node.hasChildren || node.type === 'class',
  selectable: LEVELS.includes(node.type),
  checkable: LEVELS.includes(node.type),
});

interface OrgPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Tells the form the level of every node it has seen, to split the picks into schools, grades and classes. */
  onLevels(levels: Map<number, TargetLevel>): void;
  id?: string;
}

/** Schools, grades and classes of the caller's scope, opened level by level from the tops. */
export function OrgPicker({ value, onChange, onLevels, id }: OrgPickerProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<TreeRow[]>([]);
  const [levels] = useState(() => new Map<number, TargetLevel>());
  const learn = (nodes: OrgNode[]) => {
    for (const node of nodes) if (LEVELS.includes(node.type)) levels.set(node.id, node.type as TargetLevel);
    onLevels(levels);
    setRows((current) => {
      const known = new Set(current.map((r) => r.id));
      return [...current, ...nodes.filter((n) => !known.has(n.id)).map(rowOf)];
    });
  };
  const tops = useQuery({
    queryKey: ['assess', 'orgTops'],
    queryFn: async ({ signal }) => {
      const page = await orgChildren(undefined, signal);
      learn(page.list);
      return page.list;
    },
    meta: { silentError: true },
  });
  return (
    <TreeSelect<number[]>
      id={id}
      data-testid="task-orgs"
      treeDataSimpleMode
      treeData={rows}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      multiple
      showSearch
      treeNodeFilterProp="title"
      allowClear
      loading={tops.isPending}
      placeholder={t('assess.form.orgsPlaceholder')}
      loadData={async (node) => {
        const parentId = Number(node.value);
        const page = await orgChildren(parentId);
        learn(page.list);
      }}
      style={{ width: '100%' }}
    />
  );
}

interface StudentPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}

/** Students of the scope, searched by name or number as the user types. */
export function StudentPicker({ value, onChange, id }: StudentPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['assess', 'students', keyword],
    queryFn: ({ signal }) => studentPage({ keyword: keyword || undefined, page: 1, size: 20 }, signal),
    enabled: keyword.length > 0,
    meta: { silentError: true },
  });
  // Keep the names of those already picked while the search shows others.
  const [names, setNames] = useState(() => new Map<number, string>());
  for (const s of found.data?.list ?? [])
    names.set(s.id, `${s.name} ${s.studentNo ?? ''} ${s.class?.name ?? ''}`.trim());
  const options = [...names.entries()]
    .filter(([sid]) => value?.includes(sid) || (found.data?.list ?? []).some((s) => s.id === sid))
    .map(([sid, label]) => ({ value: sid, label }));
  return (
    <Select<number[]>
      id={id}
      data-testid="task-students"
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      value={value}
      onChange={(ids) => {
        setNames(new Map(names));
        onChange?.(ids);
      }}
      loading={found.isFetching}
      options={options}
      placeholder={t('assess.form.studentsPlaceholder')}
      style={{ width: '100%' }}
    />
  );
}
