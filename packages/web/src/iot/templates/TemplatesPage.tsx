import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Flex, Input, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { useConfirm } from '../../shared/useConfirm.ts';
import { TemplateApplicationDialog } from './ApplyDialogs.tsx';
import { copyTemplate, deleteTemplate, listTemplates, type TemplateSummary } from './api.ts';

/** My device templates: name, protocol, slave, point and device counts; add, edit, apply, copy, delete. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [applying, setApplying] = useState<TemplateSummary | null>(null);
  const list = usePagedList<{ keyword?: string }, TemplateSummary>(['iot', 'templates', 'list'], listTemplates);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot'] });
  const remove = (row: TemplateSummary) =>
    confirm(
      {
        title: t('templates.list.deleteAsk', { name: row.name }),
        content: t('templates.list.deleteHint'),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteTemplate(row.id);
        await refresh();
      },
    );
  const copy = (row: TemplateSummary) =>
    confirm({ title: t('templates.list.copyAsk', { name: row.name }), okText: t('templates.list.copy') }, async () => {
      const copied = await copyTemplate(row.id);
      message.success(t('templates.list.copied', { name: copied.name }));
      await refresh();
    });

  return (
    <Card
      data-testid="templates-page"
      title={t('menu.templates.list')}
      extra={
        <Flex gap={8}>
          <Button onClick={() => navigate('/templates/library')}>{t('templates.list.fromLibrary')}</Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/templates/new')}
            data-testid="template-add"
          >
            {t('templates.list.add')}
          </Button>
        </Flex>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('templates.list.keyword')}
        style={{ width: 280, marginBottom: 16 }}
        onSearch={(value) => list.search({ keyword: value.trim() || undefined })}
      />
      <PagedTable<TemplateSummary>
        list={list}
        data-testid="templates-table"
        rowKey="id"
        locale={{ emptyText: t(list.filters.keyword ? 'templates.list.noMatch' : 'templates.list.empty') }}
        columns={[
          {
            title: t('templates.field.name'),
            key: 'name',
            render: (_v, row) => <Link to={`/templates/${row.id}`}>{row.name}</Link>,
          },
          {
            title: t('templates.field.protocol'),
            dataIndex: 'protocol',
            width: 140,
            render: (v: string) => <Tag>{t(`templates.protocol.${v}`)}</Tag>,
          },
          { title: t('templates.field.slaveCount'), dataIndex: 'slaveCount', width: 100 },
          { title: t('templates.field.pointCount'), dataIndex: 'pointCount', width: 100 },
          { title: t('templates.field.deviceCount'), dataIndex: 'deviceCount', width: 100 },
          {
            title: t('templates.field.updatedAt'),
            dataIndex: 'updatedAt',
            width: 160,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 200,
            render: (_v, row) => (
              <Flex align="center">
                <Button type="link" size="small" onClick={() => navigate(`/templates/${row.id}`)}>
                  {t('ui.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setApplying(row)}
                  data-testid={`template-apply-${row.id}`}
                >
                  {t('templates.list.apply')}
                </Button>
                <Dropdown
                  trigger={['click']}
                  placement="bottomRight"
                  menu={{
                    items: [
                      { key: 'copy', label: t('templates.list.copy') },
                      { key: 'delete', label: t('ui.delete'), danger: true },
                    ],
                    onClick: ({ key }) => (key === 'copy' ? copy(row) : remove(row)),
                  }}
                >
                  <Button type="link" size="small">
                    {t('ui.more')} <DownOutlined style={{ fontSize: 10 }} />
                  </Button>
                </Dropdown>
              </Flex>
            ),
          },
        ]}
      />
      <TemplateApplicationDialog template={applying} onClose={() => setApplying(null)} />
    </Card>
  );
}
