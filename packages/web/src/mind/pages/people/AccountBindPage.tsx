import { type BINDING_ACTIONS, ROSTER_KINDS } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, InputNumber, Result, Select, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { StudentPicker } from '../../../shared/people/StudentPicker.tsx';
import { usePermission } from '../../access/Permission.tsx';
import { usePermissionEntries } from '../../shell/api.ts';
import type { DownloadTask } from '../downloads/api.ts';
import {
  accountReset,
  type BindLogLine,
  bindAccount,
  bindLog,
  checkAndBind,
  type RosterKind,
  transferAccount,
  unbindAccount,
} from './api.ts';
import { BatchAccounts, SlipsProgress } from './BatchAccounts.tsx';
import { SchoolSignInSettings } from './SchoolSignInSettings.tsx';
import './strings.ts';

const actionColors = { bind: 'green', unbind: 'default', transfer: 'blue' } as const;

/** The roster bind log: who bound, unbound or moved which roster entry's account, and when. */
function BindLog() {
  const { t } = useTranslation();
  const log = usePagedList<{ kind?: RosterKind }, BindLogLine>(['people', 'bindLog'], bindLog);
  return (
    <Flex vertical gap={12}>
      <Form layout="inline">
        <Form.Item label={t('mindPeople.bind.kind')}>
          <Select<RosterKind>
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.all')}
            value={log.filters.kind}
            onChange={(kind) => log.search({ kind })}
            options={ROSTER_KINDS.map((k) => ({ value: k, label: t(`mindPeople.bind.kinds.${k}`) }))}
          />
        </Form.Item>
      </Form>
      <PagedTable<BindLogLine>
        list={log}
        data-testid="bind-log"
        rowKey="id"
        locale={{ emptyText: t('mindPeople.bind.empty') }}
        scroll={{ x: 860 }}
        columns={[
          {
            title: t('mindPeople.bind.at'),
            dataIndex: 'at',
            width: 160,
            render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('mindPeople.bind.action'),
            dataIndex: 'action',
            width: 90,
            render: (a: (typeof BINDING_ACTIONS)[number]) => (
              <Tag color={actionColors[a]}>{t(`mindPeople.bind.actions.${a}`)}</Tag>
            ),
          },
          {
            title: t('mindPeople.bind.roster'),
            key: 'roster',
            width: 150,
            render: (_v, l) => `${t(`mindPeople.bind.kinds.${l.kind}`)} · ${l.rosterName ?? l.rosterId}`,
          },
          { title: t('mindPeople.bind.account'), dataIndex: 'account', width: 130, render: (v) => v ?? '-' },
          { title: t('mindPeople.bind.from'), dataIndex: 'fromAccount', width: 130, render: (v) => v ?? '-' },
          { title: t('mindPeople.bind.by'), dataIndex: 'byAccount', width: 120, render: (v) => v ?? '-' },
        ]}
      />
    </Flex>
  );
}

/**
 * An administrator's bind actions on a student's roster entry: check and bind (an account is
 * made when there is none), bind to a given account, transfer to another, unbind. Every action
 * lands in the bind log.
 */
function BindActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [studentId, setStudentId] = useState<number | undefined>();
  const [userId, setUserId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [reset, setReset] = useState<DownloadTask | null>(null);
  const act = async (call: () => Promise<{ account: string | null }>) => {
    setBusy(true);
    try {
      const result = await call();
      message.success(
        result.account ? t('mindPeople.bind.done', { account: result.account }) : t('mindPeople.bind.unbound'),
      );
      await queryClient.invalidateQueries({ queryKey: ['people'] });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const id = studentId ?? 0;
  return (
    <Form layout="vertical" style={{ maxWidth: 520 }} data-testid="bind-actions">
      <Form.Item label={t('mindPeople.bind.pick')}>
        <StudentPicker value={studentId} onChange={setStudentId} />
      </Form.Item>
      <Form.Item extra={t('mindPeople.bind.checkHint')}>
        <Button type="primary" disabled={!studentId || busy} onClick={() => act(() => checkAndBind('student', id))}>
          {t('mindPeople.bind.checkAndBind')}
        </Button>
      </Form.Item>
      <Form.Item label={t('mindPeople.bind.userId')}>
        <Flex gap={8} wrap>
          <InputNumber min={1} precision={0} value={userId} onChange={(v) => setUserId(v)} style={{ width: 160 }} />
          <Button
            disabled={!studentId || !userId || busy}
            onClick={() => act(() => bindAccount('student', id, userId ?? 0))}
          >
            {t('mindPeople.bind.bindTo')}
          </Button>
          <Button
            disabled={!studentId || !userId || busy}
            onClick={() => act(() => transferAccount('student', id, userId ?? 0))}
          >
            {t('mindPeople.bind.transferTo')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item extra={t('mindPeople.bind.resetHint')}>
        <Button
          disabled={!studentId || busy}
          data-testid="reset-password"
          onClick={() => accountReset(id).then(setReset, notifyError)}
        >
          {t('mindPeople.bind.resetPassword')}
        </Button>
        {reset && <SlipsProgress key={reset.id} task={reset} />}
      </Form.Item>
      <Button
        danger
        disabled={!studentId || busy}
        onClick={() =>
          modal.confirm({
            title: t('mindPeople.bind.unbindTitle'),
            okButtonProps: { danger: true },
            okText: t('mindPeople.bind.unbind'),
            onOk: () => act(() => unbindAccount('student', id)),
          })
        }
      >
        {t('mindPeople.bind.unbind')}
      </Button>
    </Form>
  );
}

/**
 * `/data/accountBindManage`: the bind log, and for an administrator the bind actions. A role
 * without the page's `view` is told so rather than shown a refused call.
 */
export function AccountBindPage() {
  const { t } = useTranslation();
  const entries = usePermissionEntries();
  const mayView = usePermission('view');
  const mayEdit = usePermission('edit');
  const [params, setParams] = useSearchParams();
  if (entries.isPending) return <PageLoading />;
  if (!mayView) return <Result data-testid="account-bind-page" status="403" subTitle={t('mindPeople.noPermission')} />;
  return (
    <Card data-testid="account-bind-page">
      <Tabs
        activeKey={mayEdit ? (params.get('tab') ?? 'log') : 'log'}
        onChange={(tab) => setParams({ tab }, { replace: true })}
        items={[
          { key: 'log', label: t('mindPeople.bind.log'), children: <BindLog /> },
          ...(mayEdit
            ? [
                { key: 'batch', label: t('mindPeople.accounts.tab'), children: <BatchAccounts /> },
                { key: 'manage', label: t('mindPeople.bind.manage'), children: <BindActions /> },
                { key: 'signIn', label: t('mindPeople.signIn.tab'), children: <SchoolSignInSettings /> },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
