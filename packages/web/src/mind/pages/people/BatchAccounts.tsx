import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Progress, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { type OrgNode, orgChildren } from '../../../shared/people/api.ts';
import { type DownloadTask, downloadStates, isOpen, saveDownload } from '../downloads/api.ts';
import { type AccountBatchStarted, accountBatch } from './api.ts';
import './strings.ts';

const PICKABLE = ['school', 'campus', 'grade', 'class'];
const rowOf = (node: OrgNode) => ({
  id: node.id,
  pId: node.parentId ?? 0,
  value: node.id,
  title: `${node.name}（${node.typeName}）`,
  isLeaf: !node.hasChildren || node.type === 'class',
  selectable: PICKABLE.includes(node.type),
});

/** One school, campus, grade or class of the caller's scope, opened level by level. */
function PlacePicker(props: { value: number | undefined; onChange(id: number | undefined): void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ReturnType<typeof rowOf>[]>([]);
  const learn = (nodes: OrgNode[]) =>
    setRows((current) => {
      const seen = new Set(current.map((r) => r.id));
      return [...current, ...nodes.filter((n) => !seen.has(n.id)).map(rowOf)];
    });
  const tops = useQuery({
    queryKey: ['people', 'accountTops'],
    queryFn: async ({ signal }) => {
      const page = await orgChildren(undefined, signal);
      learn(page.list);
      return page.list;
    },
  });
  return (
    <TreeSelect<number>
      data-testid="accounts-place"
      treeDataSimpleMode
      treeData={rows}
      value={props.value}
      onChange={(id) => props.onChange(id)}
      showSearch
      treeNodeFilterProp="title"
      loading={tops.isPending}
      placeholder={t('mindPeople.accounts.placePlaceholder')}
      loadData={async (node) => learn((await orgChildren(Number(node.value))).list)}
      style={{ width: '100%' }}
    />
  );
}

/** A slips task followed until its file is ready: its progress, then the download. */
export function SlipsProgress({ task }: { task: DownloadTask }) {
  const { t } = useTranslation();
  const state = useQuery({
    queryKey: ['people', 'slips', task.id],
    queryFn: async ({ signal }) => (await downloadStates([task.id], signal))[0] ?? task,
    initialData: task,
    refetchInterval: (query) => (isOpen(query.state.data ?? task) ? 1000 : false),
  });
  const now = state.data ?? task;
  return (
    <Flex vertical gap={8} data-testid="slips-progress">
      <Progress percent={now.progress} status={now.state === 'failed' ? 'exception' : undefined} />
      {now.error && <Alert type="error" showIcon title={now.error} />}
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          disabled={now.state !== 'done'}
          onClick={() => saveDownload(now).catch(notifyError)}
          data-testid="slips-download"
        >
          {t('mindPeople.accounts.downloadSlips')}
        </Button>
        <Link to="/data/downloadCenter">{t('mindPeople.accounts.center')}</Link>
      </Flex>
    </Flex>
  );
}

/**
 * Accounts for a whole class, grade or school at once: everyone selected who has none gets one
 * (and their parents, when asked), as a task of the download center whose PDF of sign-in slips and
 * Excel list are the only places the initial passwords are shown.
 */
export function BatchAccounts() {
  const { t } = useTranslation();
  const [orgId, setOrgId] = useState<number | undefined>();
  const [parents, setParents] = useState(true);
  const start = useMutation({
    mutationFn: () => accountBatch(orgId ?? 0, parents),
    meta: { silentError: true },
    onError: notifyError,
  });
  const started: AccountBatchStarted | undefined = start.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }} data-testid="batch-accounts">
      <Alert type="info" showIcon title={t('mindPeople.accounts.hint')} />
      <Form layout="vertical">
        <Form.Item label={t('mindPeople.accounts.place')}>
          <PlacePicker value={orgId} onChange={setOrgId} />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={parents} onChange={(e) => setParents(e.target.checked)} data-testid="accounts-parents">
            {t('mindPeople.accounts.parents')}
          </Checkbox>
        </Form.Item>
        <Button
          type="primary"
          disabled={!orgId}
          loading={start.isPending}
          onClick={() => start.mutate()}
          data-testid="accounts-create"
        >
          {t('mindPeople.accounts.create')}
        </Button>
      </Form>
      {started && (
        <Flex vertical gap={8} data-testid="accounts-started">
          <Typography.Text>
            {t('mindPeople.accounts.started', {
              selected: started.selected,
              creating: started.creating,
              skipped: started.skipped,
            })}
          </Typography.Text>
          {started.skipped > 0 && (
            <Typography.Text type="secondary" data-testid="accounts-skipped">
              {t('mindPeople.accounts.skippedNames', {
                names: started.skippedNames.map((s) => `${s.className} ${s.name}`).join('、'),
              })}
            </Typography.Text>
          )}
          <SlipsProgress key={started.task.id} task={started.task} />
        </Flex>
      )}
    </Flex>
  );
}
