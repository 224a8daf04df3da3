import type { Page, SubUserNode } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/request.ts';

/**
 * The choices the device forms and filters offer: the caller's projects, tags, templates and the
 * accounts of their tree. Each list is fetched once and shared by every select on the page.
 */

interface Named {
  id: number;
  name: string;
}

const LOOKUP_SIZE = 500;

function useNamedList(key: string, path: string) {
  return useQuery({
    queryKey: ['iot', 'lookup', key],
    queryFn: ({ signal }) => get<Page<Named>>(path, { query: { page: 1, size: LOOKUP_SIZE }, signal }),
    staleTime: 30_000,
    // A choice list the role may not read (a sub-user without project rights) is just empty.
    meta: { silentError: true },
  });
}

export const useProjectChoices = () => useNamedList('projects', 'iot/projects');
export const useTagChoices = () => useNamedList('tags', 'iot/tags');
export const useTemplateChoices = () => useNamedList('templates', 'iot/templates');

type Props = Omit<SelectProps<number>, 'options' | 'loading'>;

function NamedSelect({ query, ...props }: Props & { query: ReturnType<typeof useNamedList> }) {
  const { t } = useTranslation();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={(query.data?.list ?? []).map((item) => ({ value: item.id, label: item.name }))}
      {...props}
    />
  );
}

export const ProjectSelect = (props: Props) => <NamedSelect query={useProjectChoices()} {...props} />;
/** One tag, for filtering a list by it. */
export const TagFilter = (props: Props) => <NamedSelect query={useTagChoices()} {...props} />;
export const TemplateSelect = (props: Props) => <NamedSelect query={useTemplateChoices()} {...props} />;

export function TagSelect(props: Omit<SelectProps<number[]>, 'options' | 'loading' | 'mode'>) {
  const { t } = useTranslation();
  const query = useTagChoices();
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={(query.data?.list ?? []).map((item) => ({ value: item.id, label: item.name }))}
      {...props}
    />
  );
}

function flatten(nodes: SubUserNode[], depth = 0): Array<{ value: number; label: string }> {
  return nodes.flatMap((node) => [
    { value: node.id, label: `${'  '.repeat(depth)}${node.nickname || node.account} (${node.account})` },
    ...flatten(node.children, depth + 1),
  ]);
}

/** The caller's account and everyone below it: the owners a device may have. */
export function OwnerSelect(props: Props) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['iot', 'lookup', 'owners'],
    queryFn: ({ signal }) => get<Page<SubUserNode>>('iot/users/tree', { query: { page: 1, size: 100 }, signal }),
    staleTime: 30_000,
    meta: { silentError: true },
  });
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={flatten(query.data?.list ?? [])}
      {...props}
    />
  );
}
