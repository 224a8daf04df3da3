import { WARNING_SOURCES, WARNING_STATES } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Form, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { textIn } from '../assessments/lookups.ts';
import { ScopeFilters } from '../assessments/ScopeFilters.tsx';
import {
  type WarningFilter,
  type WarningRow,
  type WarningSource,
  type WarningState,
  warningCounts,
  warningPage,
} from './api.ts';
import { warningFiltersOf } from './listFilters.ts';
import { LevelTag, StateTag, time, useLevels, useOrgNames } from './lookups.tsx';
import '../assessments/strings.ts';

interface FilterValues {
  level?: string;
  state?: WarningState;
  source?: WarningSource;
  schoolId?: number;
  gradeId?: number;
  classId?: number;
  range?: [Dayjs, Dayjs] | null;
}

/** The counts above the list: every warning of the filters, then by level and by state. */
function Counts({ filters, onPick }: { filters: WarningFilter; onPick(values: Partial<WarningFilter>): void }) {
  const { t } = useTranslation();
  const levels = useLevels();
  const counts = useQuery({
    queryKey: ['warn', 'counts', filters],
    queryFn: ({ signal }) => warningCounts(filters, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const data = counts.data;
  if (!data) return null;
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }} data-testid="warning-counts">
      <Typography.Text strong>
        {t('warn.list.total')}: <span data-testid="warning-total">{data.total}</span>
      </Typography.Text>
      {(levels.data ?? []).map((level) => (
        <Tag
          key={level.code}
          color={level.colour}
          style={{ cursor: 'pointer' }}
          onClick={() => onPick({ level: level.code })}
          data-testid={`warning-count-${level.code}`}
        >
          {textIn(level.name)} {data.byLevel[level.code] ?? 0}
        </Tag>
      ))}
      {WARNING_STATES.filter((s) => (data.byState[s] ?? 0) > 0).map((state) => (
        <Tag key={state} style={{ cursor: 'pointer' }} onClick={() => onPick({ state })}>
          {t(`warn.state.${state}`)} {data.byState[state]}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * `/data/intervene`: the warnings of the scope, filtered by level, state, source, school, grade, class
 * and time; a link may give the first filters (`?source=journal`, the cockpit's card, decision 0141).
 */
export function WarningList({ link }: { link: URLSearchParams }) {
  const { t } = useTranslation();
  const [initial] = useState(() => warningFiltersOf(link.toString()));
  const [form] = Form.useForm<FilterValues>();
  const schoolId = Form.useWatch('schoolId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const levels = useLevels();
  const names = useOrgNames();
  const warnings = usePagedList<WarningFilter, WarningRow>(['warn', 'page'], warningPage, { filters: initial });
  const search = (values: FilterValues) => {
    const { range, ...rest } = values;
    warnings.search({ ...rest, from: range?.[0].startOf('day').valueOf(), to: range?.[1].endOf('day').valueOf() });
  };
  const pick = (values: Partial<WarningFilter>) => {
    form.setFieldsValue(values);
    search(form.getFieldsValue());
  };
  return (
    <Card data-testid="warning-list-page">
      <FilterForm<FilterValues>
        form={form}
        initialValues={initial}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
        }}
        onSearch={search}
        searchTestId="warning-search"
      >
        <Form.Item name="level" label={t('warn.list.level')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.all')}
            options={(levels.data ?? []).map((l) => ({ value: l.code, label: textIn(l.name) || l.code }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('warn.list.state')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('system.all')}
            options={WARNING_STATES.map((s) => ({ value: s, label: t(`warn.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="source" label={t('warn.list.source')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('system.all')}
            data-testid="warning-source-filter"
            options={WARNING_SOURCES.map((s) => ({ value: s, label: t(`warn.source.${s}`) }))}
          />
        </Form.Item>
        <ScopeFilters schoolId={schoolId} gradeId={gradeId} />
        <Form.Item name="range" label={t('warn.list.time')}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
      </FilterForm>
      <Counts filters={warnings.filters} onPick={pick} />
      <PagedTable<WarningRow>
        list={warnings}
        rowKey="id"
        data-testid="warning-table"
        locale={{ emptyText: t('warn.list.empty') }}
        scroll={{ x: 1320 }}
        columns={[
          {
            title: t('warn.list.student'),
            key: 'student',
            width: 150,
            render: (_v, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.studentName}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.studentNo}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('warn.list.class'),
            key: 'class',
            width: 170,
            render: (_v, r) => [names.school(r.schoolId), names.klass(r.classId)].filter(Boolean).join(' / '),
          },
          {
            title: t('warn.list.level'),
            dataIndex: 'level',
            width: 90,
            render: (level: string) => <LevelTag code={level} levels={levels.data} />,
          },
          {
            title: t('warn.list.state'),
            dataIndex: 'state',
            width: 120,
            render: (state: WarningState) => <StateTag state={state} />,
          },
          {
            title: t('warn.list.source'),
            dataIndex: 'source',
            width: 100,
            render: (source: string) => t(`warn.source.${source}`),
          },
          {
            title: t('warn.list.reason'),
            key: 'reason',
            width: 220,
            ellipsis: true,
            render: (_v, r) => textIn(r.reason) || r.rule,
          },
          {
            title: t('warn.list.handlers'),
            key: 'handlers',
            width: 150,
            render: (_v, r) =>
              [r.psychologyName, r.classTeacherName].filter(Boolean).join('、') || t('warn.list.unassigned'),
          },
          { title: t('warn.list.time'), dataIndex: 'createdAt', width: 150, render: (at: number) => time(at) },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_v, r) => (
              <Space>
                <Link to={`/data/intervene?id=${r.id}`} data-testid={`warning-open-${r.id}`}>
                  {t('warn.list.open')}
                </Link>
                <Link to={`/data/earlyWarningIntervention/${r.studentId}`}>{t('warn.list.history')}</Link>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
