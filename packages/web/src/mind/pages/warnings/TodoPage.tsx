import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Segmented, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { setTodoStatus, type TodoRow, type TodoStatus, todoPage } from './api.ts';
import { time } from './lookups.tsx';
import './strings.ts';

/** `warning.followUp` → `warningFollowUp`: the label key of a to-do's kind. */
const kindKey = (kind: string) => kind.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());

/** Where a to-do is handled: a warning's page for the warning workflow's items. */
function targetOf(row: TodoRow): string | null {
  if (row.sourceType === 'warning') return `/data/intervene?id=${row.sourceId}`;
  if (row.kind === 'assessment.remind') return '/data/scaleMeasurementTeacher';
  return null;
}

/** `/pending`: the caller's to-do items, open or done, each with where to handle it. */
export function TodoPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const todos = usePagedList<{ status: TodoStatus }, TodoRow>(['warn', 'todos'], todoPage, {
    filters: { status: 'open' },
  });
  const { status } = todos.filters;
  const mark = useMutation({
    mutationFn: ({ id, to }: { id: number; to: 'open' | 'done' }) => setTodoStatus(id, to),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['warn', 'todos'] }),
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="todo-page">
      <Segmented<TodoStatus>
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(value) => todos.search({ status: value })}
        options={(['open', 'done', 'all'] as const).map((s) => ({ value: s, label: t(`warn.todo.${s}`) }))}
      />
      <PagedTable<TodoRow>
        list={todos}
        rowKey="id"
        data-testid="todo-table"
        locale={{ emptyText: t(status === 'done' ? 'warn.todo.emptyDone' : 'warn.todo.empty') }}
        columns={[
          {
            title: t('warn.todo.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (kind: string) => (
              <Tag color="blue">
                {t(`warn.todo.kinds.${kindKey(kind)}`, { defaultValue: t('warn.todo.kinds.other') })}
              </Tag>
            ),
          },
          { title: t('warn.todo.title'), dataIndex: 'title' },
          { title: t('warn.todo.createdAt'), dataIndex: 'createdAt', width: 150, render: (at: number) => time(at) },
          {
            title: t('warn.todo.status'),
            dataIndex: 'doneAt',
            width: 100,
            render: (doneAt: number | null) =>
              doneAt === null ? <Tag color="orange">{t('warn.todo.open')}</Tag> : <Tag>{t('warn.todo.done')}</Tag>,
          },
          {
            title: t('system.actions'),
            key: 'actions',
            width: 180,
            render: (_v, row) => {
              const target = targetOf(row);
              return (
                <Space>
                  {target && row.doneAt === null && (
                    <Link to={target} data-testid={`todo-open-${row.id}`}>
                      {t('warn.todo.view')}
                    </Link>
                  )}
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() => mark.mutate({ id: row.id, to: row.doneAt === null ? 'done' : 'open' })}
                  >
                    {t(row.doneAt === null ? 'warn.todo.markDone' : 'warn.todo.markOpen')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
