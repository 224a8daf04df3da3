import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import {
  type ContactGroupView,
  type ContactView,
  deleteContact,
  deleteGroup,
  listContacts,
  listGroups,
} from './api.ts';
import { ContactForm } from './ContactForm.tsx';
import { GroupForm } from './GroupForm.tsx';

/** Contacts and contact groups: who alarms reach, and how. */
export function ContactsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'contacts' | 'groups'>('contacts');
  return (
    <Card data-testid="contacts-page" title={t('menu.alarms.contacts')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'groups' ? 'groups' : 'contacts')}
        items={[
          { key: 'contacts', label: t('alarms.contact.tab'), children: <ContactList /> },
          { key: 'groups', label: t('alarms.group.tab'), children: <GroupList /> },
        ]}
      />
    </Card>
  );
}

function useCrud() {
  const { can } = usePermissions();
  return {
    add: can({ path: '/iot/triggers', code: 'add' }),
    edit: can({ path: '/iot/triggers', code: 'edit' }),
    remove: can({ path: '/iot/triggers', code: 'delete' }),
  };
}

/** A row's Edit and Delete, each shown to those who may. */
function EditDelete({
  may,
  onEdit,
  onRemove,
}: {
  may: ReturnType<typeof useCrud>;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex>
      {may.edit && (
        <Button type="link" size="small" onClick={onEdit}>
          {t('ui.edit')}
        </Button>
      )}
      {may.remove && (
        <Button type="link" size="small" danger onClick={onRemove}>
          {t('ui.delete')}
        </Button>
      )}
    </Flex>
  );
}

function ContactList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const may = useCrud();
  const [editing, setEditing] = useState<ContactView | 'new' | null>(null);
  const list = usePagedList<{ keyword?: string }, ContactView>(['iot', 'contacts'], listContacts);
  const remove = (row: ContactView) =>
    confirm(
      { title: t('alarms.contact.deleteAsk', { name: row.name }), okText: t('ui.delete'), danger: true },
      async () => {
        await deleteContact(row.id);
        await queryClient.invalidateQueries({ queryKey: ['iot', 'contacts'] });
      },
    );
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={12}>
        <Input.Search
          allowClear
          placeholder={t('alarms.contact.keyword')}
          style={{ width: 260 }}
          onSearch={(value) => list.search({ keyword: value.trim() || undefined })}
        />
        {may.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="contact-add">
            {t('alarms.contact.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<ContactView>
        list={list}
        data-testid="contacts-table"
        rowKey="id"
        locale={{ emptyText: t('alarms.contact.empty') }}
        pagination={{ showSizeChanger: false }}
        columns={[
          { title: t('alarms.contact.name'), dataIndex: 'name' },
          { title: t('alarms.contact.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
          { title: t('alarms.contact.email'), dataIndex: 'email', render: (v: string | null) => v ?? '-' },
          {
            title: t('alarms.contact.channels'),
            dataIndex: 'channels',
            render: (channels: ContactView['channels']) =>
              channels.map((c) => <Tag key={c}>{t(`alarms.channel.${c}`)}</Tag>),
          },
          {
            title: t('alarms.contact.groups'),
            dataIndex: 'groups',
            render: (groups: ContactView['groups']) => groups.map((g) => g.name).join('、') || '-',
          },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 140,
            render: (_v, row) => <EditDelete may={may} onEdit={() => setEditing(row)} onRemove={() => remove(row)} />,
          },
        ]}
      />
      {editing && <ContactForm contact={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

function GroupList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const may = useCrud();
  const [editing, setEditing] = useState<ContactGroupView | 'new' | null>(null);
  const list = usePagedList<object, ContactGroupView>(['iot', 'contact-groups'], listGroups);
  const remove = (row: ContactGroupView) =>
    confirm(
      {
        title: t('alarms.group.deleteAsk', { name: row.name }),
        content: t('alarms.group.deleteHint'),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteGroup(row.id);
        await queryClient.invalidateQueries({ queryKey: ['iot', 'contact-groups'] });
      },
    );
  return (
    <Flex vertical gap={16}>
      <Flex justify="end">
        {may.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="group-add">
            {t('alarms.group.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<ContactGroupView>
        list={list}
        data-testid="groups-table"
        rowKey="id"
        locale={{ emptyText: t('alarms.group.empty') }}
        pagination={{ showSizeChanger: false }}
        columns={[
          { title: t('alarms.group.name'), dataIndex: 'name' },
          { title: t('alarms.group.count'), dataIndex: 'contactCount', width: 120 },
          { title: t('alarms.contact.remark'), dataIndex: 'remark', render: (v: string | null) => v ?? '-' },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 140,
            render: (_v, row) => <EditDelete may={may} onEdit={() => setEditing(row)} onRemove={() => remove(row)} />,
          },
        ]}
      />
      {editing && <GroupForm group={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
