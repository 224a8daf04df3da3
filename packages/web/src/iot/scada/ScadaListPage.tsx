import { PlusOutlined } from '@ant-design/icons';
import { SCADA_NAME_MAX, SCADA_SHARINGS, type ScadaSharing, translate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Radio, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLang } from '../../shared/i18n.ts';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { showFieldErrors } from '../components/errors.ts';
import { addScreen, deleteScreen, listScreens, type ScadaSummary } from './api.ts';
import './strings.ts';

const SCADA = '/iot/scada';

/** Cloud configuration: the screens of the caller's account and the open ones shared from above. */
export function ScadaListPage() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [adding, setAdding] = useState(false);
  const list = usePagedList<{ keyword?: string }, ScadaSummary>(['iot', 'scada'], listScreens);
  const remove = (row: ScadaSummary) =>
    confirm({ title: t('scada.deleteAsk', { name: row.name }), okText: t('ui.delete'), danger: true }, async () => {
      await deleteScreen(row.id);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'scada'] });
    });
  return (
    <Card data-testid="scada-page" title={t('menu.scada.screens')}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={12}>
          <Input.Search
            allowClear
            placeholder={t('scada.keyword')}
            style={{ width: 280 }}
            onSearch={(value) => list.search({ keyword: value.trim() || undefined })}
          />
          {can({ path: SCADA, code: 'add' }) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="scada-add">
              {t('scada.add')}
            </Button>
          )}
        </Flex>
        <PagedTable<ScadaSummary>
          list={list}
          data-testid="scada-table"
          rowKey="id"
          locale={{ emptyText: t('scada.empty') }}
          pagination={{ showSizeChanger: false }}
          columns={[
            {
              title: t('scada.name'),
              dataIndex: 'name',
              render: (name: string, row) => <Link to={`/scada/${row.id}/view`}>{name}</Link>,
            },
            {
              title: t('scada.sharing'),
              dataIndex: 'sharing',
              render: (sharing: ScadaSharing) => (
                <Tag color={sharing === 'open' ? 'green' : 'default'}>{t(`scada.sharings.${sharing}`)}</Tag>
              ),
            },
            { title: t('scada.elements'), dataIndex: 'elementCount' },
            { title: t('scada.owner'), dataIndex: 'ownerName' },
            {
              title: t('scada.updatedAt'),
              dataIndex: 'updatedAt',
              render: (at: number) => new Date(at).toLocaleString(i18n.language),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              width: 200,
              render: (_v, row) => (
                <Space size={0}>
                  <Link to={`/scada/${row.id}/view`}>
                    <Button type="link" size="small">
                      {t('scada.view')}
                    </Button>
                  </Link>
                  {row.editable && (
                    <Link to={`/scada/${row.id}/edit`} data-testid={`scada-edit-${row.id}`}>
                      <Button type="link" size="small">
                        {t('scada.edit')}
                      </Button>
                    </Link>
                  )}
                  {row.editable && can({ path: SCADA, code: 'delete' }) && (
                    <Button type="link" size="small" danger onClick={() => remove(row)}>
                      {t('ui.delete')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      {adding && <AddForm onClose={() => setAdding(false)} />}
    </Card>
  );
}

interface AddFields {
  name: string;
  sharing: ScadaSharing;
}

/** A new configuration: its name and sharing; the editor opens on it. */
function AddForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<AddFields>();
  const save = useMutation({
    mutationFn: addScreen,
    meta: { silentError: true },
    onSuccess: (screen) => navigate(`/scada/${screen.id}/edit`),
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={t('scada.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<AddFields>
        form={form}
        layout="vertical"
        name="scada"
        initialValues={{ sharing: 'closed' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('scada.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: SCADA_NAME_MAX,
              message: translate('v.scada.name', currentLang()),
            },
          ]}
        >
          <Input maxLength={SCADA_NAME_MAX} showCount data-testid="scada-name" />
        </Form.Item>
        <Form.Item name="sharing" label={t('scada.sharing')} extra={t('scada.sharingHint')}>
          <Radio.Group
            options={SCADA_SHARINGS.map((sharing) => ({ value: sharing, label: t(`scada.sharings.${sharing}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
