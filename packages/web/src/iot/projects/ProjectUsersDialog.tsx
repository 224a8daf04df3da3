import type { Page, SubUserNode } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/request.ts';
import { type ProjectView, projectUsers, setProjectUsers } from './api.ts';

const flatten = (nodes: SubUserNode[]): SubUserNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** Project and User: the accounts associated with a project, who see and control all of its devices. */
export function ProjectUsersDialog({ project, onClose }: { project: ProjectView | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const current = useQuery({
    queryKey: ['iot', 'projects', 'users', project?.id],
    queryFn: ({ signal }) => projectUsers(project?.id ?? 0, signal),
    enabled: !!project,
  });
  const accounts = useQuery({
    queryKey: ['iot', 'lookup', 'owners'],
    queryFn: ({ signal }) => get<Page<SubUserNode>>('iot/users/tree', { query: { page: 1, size: 100 }, signal }),
    enabled: !!project,
  });
  useEffect(() => {
    if (current.data) setChosen(current.data.map((user) => user.id));
  }, [current.data]);
  const save = useMutation({
    mutationFn: () => setProjectUsers(project?.id ?? 0, chosen),
    onSuccess: async () => {
      message.success(t('projects.usersSaved'));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      onClose();
    },
  });
  return (
    <Modal
      open={!!project}
      title={t('projects.usersTitle', { name: project?.name ?? '' })}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('projects.usersHint')}</Typography.Paragraph>
      <Select<number[]>
        mode="multiple"
        style={{ width: '100%' }}
        loading={current.isLoading || accounts.isLoading}
        value={chosen}
        onChange={setChosen}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={t('ui.noChoices')}
        options={flatten(accounts.data?.list ?? []).map((user) => ({
          value: user.id,
          label: `${user.nickname || user.account} (${user.account})`,
        }))}
      />
    </Modal>
  );
}
