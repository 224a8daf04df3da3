import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Drawer, Flex, Input, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { type DeviceRow, listDevices } from '../devices/api.ts';
import { StatusBadge } from '../devices/status.tsx';
import { allGrants, type Rights, type SubUserNode, setGrants } from './api.ts';
import { NO_RIGHTS, withRight } from './rules.ts';

const RIGHTS = ['view', 'edit', 'delete'] as const;

/**
 * A sub-user's permissions on the devices the caller can see: the caller's device list (searched and
 * paged) with view, edit and delete per device. The changes of every page are kept until saved, and
 * saving replaces the whole set, as the API does.
 */
export function DeviceGrantsDrawer({ user, onClose }: { user: SubUserNode | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [rights, setRights] = useState<Map<number, Rights> | null>(null);
  const [dirty, setDirty] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const granted = useQuery({
    queryKey: ['iot', 'users', 'grants', user?.id],
    queryFn: ({ signal }) => allGrants(user?.id ?? 0, signal),
    enabled: !!user,
    staleTime: 0,
    meta: { silentError: true },
  });
  const devices = useQuery({
    queryKey: ['iot', 'devices', 'list', { keyword }, paging],
    queryFn: ({ signal }) => listDevices({ keyword, ...paging }, signal),
    enabled: !!user,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  // A new user, or the same one reopened: start again from what the server holds.
  useEffect(() => {
    if (!user) {
      setRights(null);
      setDirty(false);
      setRefusal(null);
      setKeyword(undefined);
      setPaging((p) => ({ ...p, page: 1 }));
    }
  }, [user]);
  useEffect(() => {
    if (granted.data && !dirty) setRights(new Map(granted.data.map((g) => [g.deviceId, g])));
  }, [granted.data, dirty]);
  const save = useMutation({
    mutationFn: () =>
      setGrants(
        user?.id ?? 0,
        [...(rights ?? new Map<number, Rights>())]
          .filter(([, r]) => r.view)
          .map(([deviceId, r]) => ({ deviceId, view: r.view, edit: r.edit, delete: r.delete })),
      ),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('grants.saved'));
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'users', 'grants'] });
      onClose();
    },
    onError: (error) => setRefusal(errorText(error)),
  });
  const change = (deviceId: number, right: keyof Rights, on: boolean) => {
    setRights((map) => {
      const next = new Map(map);
      next.set(deviceId, withRight(next.get(deviceId) ?? NO_RIGHTS, right, on));
      return next;
    });
    setDirty(true);
    setRefusal(null);
  };
  const count = [...(rights?.values() ?? [])].filter((r) => r.view).length;
  const failed = granted.isError ? granted.error : devices.isError && !devices.data ? devices.error : null;

  return (
    <Drawer
      open={!!user}
      size={760}
      title={t('grants.title', { account: user?.account ?? '' })}
      onClose={onClose}
      destroyOnHidden
      data-testid="grants-drawer"
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('ui.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!rights}
            onClick={() => save.mutate()}
            data-testid="grants-save"
          >
            {t('ui.save')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('grants.hint')}</Typography.Paragraph>
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="grants-refused" />
      )}
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('grants.keyword')}
          style={{ width: 260 }}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Typography.Text type={dirty ? 'warning' : 'secondary'} data-testid="grants-count">
          {t('grants.chosen', { count })}
          {dirty && ` · ${t('grants.unsaved')}`}
        </Typography.Text>
      </Flex>
      {failed ? (
        <LoadFailed
          error={failed}
          onRetry={() => void Promise.all([granted.refetch(), devices.refetch()])}
          retrying={granted.isFetching || devices.isFetching}
        />
      ) : (
        <Table<DeviceRow>
          data-testid="grants-table"
          rowKey="id"
          size="small"
          loading={devices.isFetching || !rights}
          dataSource={devices.data?.list ?? []}
          locale={{ emptyText: t(keyword ? 'users.noMatch' : 'grants.noDevices') }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: devices.data?.total ?? 0,
            showTotal: (total) => t('ui.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
          columns={[
            {
              title: t('grants.device'),
              key: 'name',
              render: (_v, row) => (
                <Flex vertical>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.sn ?? (row.deviceNo === null ? '-' : `#${row.deviceNo}`)}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('devices.field.status'),
              dataIndex: 'status',
              width: 90,
              render: (_v, row) => <StatusBadge status={row.status} enabled={row.enabled} />,
            },
            ...RIGHTS.map((right) => ({
              title: t(`grants.${right}`),
              key: right,
              width: 70,
              align: 'center' as const,
              render: (_v: unknown, row: DeviceRow) => (
                <Checkbox
                  aria-label={`${row.name} ${t(`grants.${right}`)}`}
                  data-testid={`grant-${right}-${row.id}`}
                  checked={rights?.get(row.id)?.[right] ?? false}
                  disabled={!rights}
                  onChange={(event) => change(row.id, right, event.target.checked)}
                />
              ),
            })),
          ]}
        />
      )}
    </Drawer>
  );
}
