import { CopyOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Flex, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { catalogue } from '../components/errors.ts';
import { copyFromLibrary, type LibraryEntry, libraryOf, listLibrary } from './api.ts';
import { PointsView, SlavesView } from './PointsView.tsx';

/** The built-in device library: real devices with their register maps, each copied into my templates in one click. */
export function LibraryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string>();
  const [shown, setShown] = useState<LibraryEntry | null>(null);
  const list = useQuery({
    queryKey: ['iot', 'library', keyword],
    queryFn: ({ signal }) => listLibrary({ keyword, page: 1, size: 100 }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const detail = useQuery({
    queryKey: ['iot', 'library', 'detail', shown?.id],
    queryFn: ({ signal }) => libraryOf(shown?.id ?? 0, signal),
    enabled: !!shown,
  });
  const copy = useMutation({
    mutationFn: (entry: LibraryEntry) => copyFromLibrary(entry.id),
    onSuccess: async (copied) => {
      message.success(t('library.copied', { name: copied.name }));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      navigate(`/templates/${copied.id}`);
    },
  });
  const entries = Array.isArray(list.data) ? list.data : (list.data?.list ?? []);
  const copyButton = (entry: LibraryEntry, primary = false) => (
    <Button
      type={primary ? 'primary' : 'link'}
      size={primary ? 'middle' : 'small'}
      icon={<CopyOutlined />}
      loading={copy.isPending && copy.variables?.id === entry.id}
      onClick={() => copy.mutate(entry)}
      data-testid={`library-copy-${entry.id}`}
    >
      {t('library.copy')}
    </Button>
  );
  return (
    <Card data-testid="library-page" title={t('menu.templates.library')}>
      <Typography.Paragraph type="secondary">{t('library.intro')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('library.keyword')}
        style={{ width: 280, marginBottom: 16 }}
        onSearch={(value) => setKeyword(value.trim() || undefined)}
      />
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<LibraryEntry>
          data-testid="library-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={entries}
          pagination={false}
          locale={{ emptyText: t('library.empty') }}
          columns={[
            {
              title: t('library.category'),
              dataIndex: 'category',
              width: 120,
              render: (v: string) => <Tag color="blue">{catalogue(`template.category.${v}`)}</Tag>,
            },
            { title: t('templates.field.name'), dataIndex: 'name' },
            { title: t('library.vendor'), dataIndex: 'vendor', width: 140 },
            { title: t('library.model'), dataIndex: 'model', width: 140 },
            {
              title: t('templates.field.protocol'),
              dataIndex: 'protocol',
              width: 130,
              render: (v: string) => t(`templates.protocol.${v}`),
            },
            { title: t('templates.field.pointCount'), dataIndex: 'pointCount', width: 90 },
            {
              title: t('ui.actions'),
              key: 'actions',
              width: 200,
              render: (_v, entry) => (
                <Flex>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setShown(entry)}
                    data-testid={`library-view-${entry.id}`}
                  >
                    {t('library.view')}
                  </Button>
                  {copyButton(entry)}
                </Flex>
              ),
            },
          ]}
        />
      )}
      <Drawer
        open={!!shown}
        size={1000}
        onClose={() => setShown(null)}
        title={shown?.name}
        extra={shown && copyButton(shown, true)}
      >
        {shown && (
          <Flex vertical gap={16}>
            <Typography.Text type="secondary">{detail.data?.description ?? shown.description}</Typography.Text>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('templates.slaves')}
            </Typography.Title>
            <SlavesView slaves={detail.data?.slaves ?? []} />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('templates.points')}
            </Typography.Title>
            <PointsView points={detail.data?.points ?? []} />
          </Flex>
        )}
      </Drawer>
    </Card>
  );
}
