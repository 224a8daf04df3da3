import type { WarningLevel } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Result, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/errors.ts';
import { currentLang } from '../../../shared/i18n.ts';
import { revealParentPhone } from '../../../shared/people/api.ts';
import { RevealNumber } from '../../../shared/RevealNumber.tsx';
import { get } from '../../../shared/request.ts';
import { type ArchiveParent, studentFilePage } from './api.ts';
import './strings.ts';

export const dateText = (at: number) => dayjs(at).format('YYYY-MM-DD');
export const timeText = (at: number | null | undefined) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '-');

/** The student's parents, each phone masked with "show" beside it (the server audits every reveal). */
export function ParentTags({ parents }: { parents: ArchiveParent[] }) {
  const { t } = useTranslation();
  if (parents.length === 0) return <>{t('archive.base.noParents')}</>;
  return (
    <>
      {parents.map((p) => (
        <Tag key={p.parentId} data-testid={`archive-parent-${p.parentId}`}>
          {t(`system.people.relation.${p.relation}`)} {p.name}{' '}
          <RevealNumber masked={p.phone} reveal={async () => (await revealParentPhone(p.parentId)).phone} />
        </Tag>
      ))}
    </>
  );
}

/** The deployment's warning levels (names and colours), fetched once and shared by every page. */
export function useWarningLevels() {
  return useQuery({
    queryKey: ['mind', 'warningLevels'],
    queryFn: ({ signal }) => get<WarningLevel[]>('apis-psychology/warning/level/list', { signal }),
    staleTime: 10 * 60_000,
    meta: { silentError: true },
  });
}

/** A warning level in its configured name and colour; an unknown code shows as itself. */
export function LevelTag({ level }: { level: string | null | undefined }) {
  const levels = useWarningLevels();
  if (!level) return null;
  const found = levels.data?.find((l) => l.code === level);
  const lang = currentLang();
  return (
    <Tag color={found?.colour} data-testid="level-tag">
      {found ? found.name[lang] || found.name['zh-CN'] : level}
    </Tag>
  );
}

/**
 * While the file is read again in another language, the previous answer stays on screen; never
 * another student's (the student id is the third part of every archive query key).
 */
export const sameStudent =
  (studentId: number) =>
  <T,>(previous: T | undefined, query: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    query?.queryKey[2] === studentId ? previous : undefined;

/** A 404 on a student's file: the student does not exist or is outside the scope; both read the same. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.httpStatus === 404;

export function StudentNotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('archive.notFound')} data-testid="archive-not-found" />;
}

/** The `?studentId=` of a page that is about one student without carrying it in its path. */
export function useStudentParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('studentId'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const set = (next: number | undefined) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === undefined) copy.delete('studentId');
      else copy.set('studentId', String(next));
      return copy;
    });
  return [id, set];
}

interface StudentChooserProps {
  value?: number | undefined;
  onChange?: (id: number | undefined) => void;
  id?: string;
  testId?: string;
  width?: number | string;
}

/** One student of the scope, found by name or number as the user types. */
export function StudentChooser({ value, onChange, id, testId = 'student-chooser', width = 280 }: StudentChooserProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [names] = useState(() => new Map<number, string>());
  const found = useQuery({
    queryKey: ['archive', 'chooser', keyword],
    queryFn: ({ signal }) => studentFilePage({ keyword: keyword || undefined, page: 1, size: 20 }, signal),
    meta: { silentError: true },
  });
  for (const s of found.data?.list ?? [])
    names.set(s.studentId, `${s.name} ${s.studentNo} ${s.className ?? ''}`.trim());
  const options = [...names.entries()]
    .filter(([sid]) => sid === value || (found.data?.list ?? []).some((s) => s.studentId === sid))
    .map(([sid, label]) => ({ value: sid, label }));
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      allowClear
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={found.isFetching}
      options={options}
      placeholder={t('archive.pickHint')}
      style={{ width }}
    />
  );
}
