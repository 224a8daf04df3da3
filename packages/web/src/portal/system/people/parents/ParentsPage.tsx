import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../../shared/download.ts';
import { notifyError } from '../../../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../../../shared/lists/PagedList.tsx';
import { revealParentPhone } from '../../../../shared/people/api.ts';
import { SchoolSelect } from '../../../../shared/people/SchoolSelect.tsx';
import { RevealNumber } from '../../../../shared/RevealNumber.tsx';
import { useConfirm } from '../../../../shared/useConfirm.ts';
import { usePermissions } from '../../access.ts';
import { type Parent, parentPage, removeParent, unbindParent } from '../api.ts';
import { ImportDialog } from '../ImportDialog.tsx';
import { ParentForm, type ParentFormMode } from './ParentForm.tsx';

const can = {
  add: { path: '/system/parent', code: 'add' },
  edit: { path: '/system/parent', code: 'edit' },
  remove: { path: '/system/parent', code: 'delete' },
};

interface Filters {
  schoolId?: number;
  keyword?: string;
}

/** The parents of the scope's students, with the children each is bound to and the relation. */
export function ParentsPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [mode, setMode] = useState<ParentFormMode | null>(null);
  const [importing, setImporting] = useState(false);
  const parents = usePagedList<Filters, Parent>(['people', 'parents'], parentPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['people', 'parents'] });
  return (
    <Card
      data-testid="parents-page"
      title={t('system.route.parents')}
      extra={
        <Flex gap={8} wrap>
          <Button
            onClick={() =>
              download('apis-user/parent/export', 'parents.xlsx', { schoolId: parents.filters.schoolId }).catch(
                notifyError,
              )
            }
          >
            {t('system.people.export')}
          </Button>
          {permissions.can(can.add) && (
            <>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('system.people.import.button')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
                {t('system.people.parents.add')}
              </Button>
            </>
          )}
        </Flex>
      }
    >
      <FilterForm<Filters>
        form={form}
        onSearch={(values) => parents.search({ schoolId: values.schoolId })}
        searchTestId="parents-search"
      >
        <Form.Item name="schoolId" label={t('system.people.col.school')}>
          <SchoolSelect style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('system.people.parents.keyword')} style={{ width: 200 }} />
        </Form.Item>
      </FilterForm>
      <PagedTable<Parent>
        list={parents}
        data-testid="parents-table"
        // A parent's `children` are their pupils, not rows of a tree.
        expandable={{ childrenColumnName: 'noTree' }}
        rowKey="id"
        locale={{ emptyText: t('system.people.parents.empty') }}
        scroll={{ x: 800 }}
        columns={[
          { title: t('system.people.col.name'), dataIndex: 'name', width: 120 },
          {
            title: t('system.people.col.phone'),
            dataIndex: 'phone',
            width: 160,
            render: (masked: string, p) => (
              <RevealNumber
                masked={masked}
                testId={`parent-phone-${p.id}`}
                reveal={async () => (await revealParentPhone(p.id)).phone}
              />
            ),
          },
          {
            title: t('system.people.col.children'),
            key: 'children',
            render: (_v, p) => (
              <Flex wrap gap={4}>
                {p.children.map((c) => (
                  <Tag
                    key={c.studentId}
                    closable={permissions.can(can.edit)}
                    onClose={(event) => {
                      event.preventDefault();
                      confirm(
                        {
                          title: t('system.people.parents.unbindTitle', { parent: p.name, child: c.name }),
                          okText: t('system.people.parents.unbind'),
                          danger: true,
                        },
                        async () => {
                          await unbindParent(p.id, c.studentId);
                          await refresh();
                        },
                      );
                    }}
                  >
                    {c.name} · {t(`system.people.relation.${c.relation}`)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: t('system.people.col.account'),
            dataIndex: 'userId',
            width: 110,
            render: (id: number | null) =>
              id ? <Tag color="green">{t('system.people.bound')}</Tag> : <Tag>{t('system.people.unbound')}</Tag>,
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 180,
            render: (_v, p) => (
              <Flex>
                {permissions.can(can.edit) && (
                  <>
                    <Button type="link" size="small" onClick={() => setMode({ kind: 'edit', parent: p })}>
                      {t('system.edit')}
                    </Button>
                    <Button type="link" size="small" onClick={() => setMode({ kind: 'bind', parent: p })}>
                      {t('system.people.parents.bind')}
                    </Button>
                  </>
                )}
                {permissions.can(can.remove) && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirm(
                        {
                          title: t('system.people.parents.removeTitle', { name: p.name }),
                          okText: t('system.people.remove'),
                          danger: true,
                        },
                        async () => {
                          await removeParent(p.id);
                          await refresh();
                        },
                      )
                    }
                  >
                    {t('system.people.remove')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {mode && <ParentForm mode={mode} onClose={() => setMode(null)} onSaved={refresh} />}
      <ImportDialog
        kind="parent"
        open={importing}
        onClose={() => setImporting(false)}
        refresh={['people', 'parents']}
      />
    </Card>
  );
}
