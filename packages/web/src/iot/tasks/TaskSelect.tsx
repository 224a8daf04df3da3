import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { listTasks } from './api.ts';

/** One of my timed tasks, for the filters of Execution Record and Log. */
export function TaskSelect(props: Omit<SelectProps<number>, 'options' | 'loading'>) {
  const { t } = useTranslation();
  const tasks = useQuery({
    queryKey: ['iot', 'tasks', 'choices'],
    queryFn: ({ signal }) => listTasks({ page: 1, size: 200 }, signal),
    staleTime: 30_000,
    meta: { silentError: true },
  });
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('tasks.allTasks')}
      loading={tasks.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={(tasks.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
      {...props}
    />
  );
}
