import type { OrgNode, OrgTypeName } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgChildren } from '../../../shared/people/api.ts';

/** Where in the tree a student list is narrowed to: one of school, campus, grade or class. */
export interface Place {
  id: number;
  type: OrgTypeName;
}

interface Row {
  id: number;
  pId: number | null;
  value: number;
  title: string;
  isLeaf: boolean;
  selectable: boolean;
  type: OrgTypeName;
}

// Departments hold no students; a student list narrows by the teaching tree only.
const PLACES: readonly OrgTypeName[] = ['bureau', 'school', 'campus', 'grade', 'class'];

const rowOf = (node: OrgNode, only?: OrgTypeName): Row => ({
  id: node.id,
  pId: node.parentId,
  value: node.id,
  title: `${node.name} · ${node.typeName}`,
  isLeaf: !node.hasChildren || node.type === 'class',
  selectable: only ? node.type === only : true,
  type: node.type,
});

interface PlaceSelectProps {
  value?: number;
  onChange?(value: number | undefined, place?: Place): void;
  /** Only nodes of this type may be chosen (a class for a student's place); others only open. */
  only?: OrgTypeName;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  testId?: string;
}

/**
 * Picks a school, campus, grade or class of the caller's scope, the tree opened a level at a time
 * (`org/children`); the choice says its type, so that a list can filter by the right field.
 */
export function PlaceSelect({ value, onChange, only, placeholder, style, id, testId }: PlaceSelectProps) {
  const { t } = useTranslation();
  const tops = useQuery({
    queryKey: ['people', 'orgs', 'tops'],
    queryFn: ({ signal }) => orgChildren(undefined, signal),
  });
  const [loaded, setLoaded] = useState<Row[]>([]);
  const keep = (node: OrgNode) => PLACES.includes(node.type);
  const rows = [...(tops.data?.list.filter(keep).map((node) => rowOf(node, only)) ?? []), ...loaded];
  return (
    <TreeSelect<number>
      id={id}
      data-testid={testId}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDataSimpleMode
      treeData={rows}
      loading={tops.isPending}
      value={value}
      onChange={(next) => {
        const row = rows.find((r) => r.id === next);
        onChange?.(next ?? undefined, row ? { id: row.id, type: row.type } : undefined);
      }}
      placeholder={placeholder ?? t('system.people.place.placeholder')}
      style={style}
      notFoundContent={t('system.org.none')}
      loadData={async (node) => {
        const parentId = Number(node.value);
        if (rows.some((row) => row.pId === parentId)) return;
        const page = await orgChildren(parentId);
        const next = page.list.filter(keep).map((child) => rowOf(child, only));
        setLoaded((current) => [...current.filter((row) => row.pId !== parentId), ...next]);
      }}
    />
  );
}

/** The student list filter a chosen place stands for. */
export function placeFilter(place: Place | undefined) {
  if (!place) return {};
  if (place.type === 'school') return { schoolId: place.id };
  if (place.type === 'campus') return { campusId: place.id };
  if (place.type === 'grade') return { gradeId: place.id };
  if (place.type === 'class') return { classId: place.id };
  return {};
}
