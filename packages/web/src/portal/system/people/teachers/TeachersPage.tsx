import { DownloadOutlined, DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { TEACHER_CHANGE_FROM, TEACHER_CHANGE_KINDS, TEACHER_STATUSES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Flex, Form, Input, type MenuProps, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../../shared/download.ts';
import { notifyError } from '../../../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../../../shared/lists/PagedList.tsx';
import { type TeacherFilter, teacherPage } from '../../../../shared/people/api.ts';
import { SchoolSelect } from '../../../../shared/people/SchoolSelect.tsx';
import { useConfirm } from '../../../../shared/useConfirm.ts';
import { usePermissions } from '../../access.ts';
import { removeTeacher, type TeacherRowData } from '../api.ts';
import { ImportDialog } from '../ImportDialog.tsx';
import { TeacherStatusTag } from '../labels.tsx';
import { ReshuffleApply } from './ReshuffleApply.tsx';
import { TeacherClasses } from './TeacherClasses.tsx';
import { TeacherForm } from './TeacherForm.tsx';

const can = {
  add: { path: '/system/teacher', code: 'add' },
  edit: { path: '/system/teacher', code: 'edit' },
  remove: { path: '/system/teacher', code: 'delete' },
  reshuffle: { path: '/system/teacher', code: 'reshuffle' },
};

type Dialog =
  | { kind: 'form'; teacher: TeacherRowData | null }
  | { kind: 'classes'; teacher: TeacherRowData }
  | { kind: 'reshuffle'; teacher: TeacherRowData; change: (typeof TEACHER_CHANGE_KINDS)[number] }
  | { kind: 'import' }
  | null;

interface FilterValues {
  schoolId?: number;
  keyword?: string;
  status?: TeacherFilter['status'];
  psychology?: 'yes' | 'no';
}

/** The teachers of the scope: search, add and edit, the classes they head and teach, reshuffle requests. */
export function TeachersPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const teachers = usePagedList<TeacherFilter, TeacherRowData>(['people', 'teachers'], teacherPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['people', 'teachers'] });
  const search = (values: FilterValues) =>
    teachers.search({
      schoolId: values.schoolId,
      status: values.status,
      keyword: values.keyword,
      ...(values.psychology ? { isPsychology: values.psychology === 'yes' } : {}),
    });
  const menuOf = (teacher: TeacherRowData): MenuProps['items'] => {
    const items: MenuProps['items'] = [];
    if (permissions.can(can.edit)) {
      items.push(
        { key: 'edit', label: t('system.edit') },
        { key: 'classes', label: t('system.people.teachers.classes') },
      );
    }
    if (permissions.can(can.reshuffle))
      for (const change of TEACHER_CHANGE_KINDS)
        if (TEACHER_CHANGE_FROM[change].includes(teacher.status))
          items.push({ key: `reshuffle:${change}`, label: t(`system.people.reshuffle.kind.${change}`) });
    if (permissions.can(can.remove)) items.push({ key: 'remove', label: t('system.people.remove'), danger: true });
    return items;
  };
  const onMenu = (teacher: TeacherRowData, key: string) => {
    if (key === 'edit') setDialog({ kind: 'form', teacher });
    if (key === 'classes') setDialog({ kind: 'classes', teacher });
    const change = TEACHER_CHANGE_KINDS.find((kind) => key === `reshuffle:${kind}`);
    if (change) setDialog({ kind: 'reshuffle', teacher, change });
    if (key === 'remove')
      confirm(
        {
          title: t('system.people.teachers.removeTitle', { name: teacher.name }),
          content: t('system.people.teachers.removeText'),
          okText: t('system.people.remove'),
          danger: true,
        },
        async () => {
          await removeTeacher(teacher.id);
          await refresh();
        },
      );
  };

  return (
    <Card
      data-testid="teachers-page"
      title={t('system.route.teachers')}
      extra={
        <Flex gap={8} wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              download('apis-user/teacher/export', 'teachers.xlsx', { schoolId: teachers.filters.schoolId }).catch(
                notifyError,
              )
            }
          >
            {t('system.people.export')}
          </Button>
          {permissions.can(can.add) && (
            <>
              <Button
                icon={<UploadOutlined />}
                onClick={() => setDialog({ kind: 'import' })}
                data-testid="teachers-import"
              >
                {t('system.people.import.button')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form', teacher: null })}>
                {t('system.people.teachers.add')}
              </Button>
            </>
          )}
        </Flex>
      }
    >
      <FilterForm<FilterValues> form={form} name="teachers" onSearch={search} searchTestId="teachers-search">
        <Form.Item name="schoolId" label={t('system.people.col.school')}>
          <SchoolSelect style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('system.people.col.status')}>
          <Select
            allowClear
            placeholder={t('system.all')}
            style={{ width: 100 }}
            options={TEACHER_STATUSES.map((s) => ({ value: s, label: t(`system.people.teacherStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="psychology" label={t('system.people.col.psychology')}>
          <Select
            allowClear
            placeholder={t('system.all')}
            style={{ width: 90 }}
            options={[
              { value: 'yes', label: t('system.yes') },
              { value: 'no', label: t('system.no') },
            ]}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('system.people.teachers.keyword')} style={{ width: 200 }} />
        </Form.Item>
      </FilterForm>
      <PagedTable<TeacherRowData>
        list={teachers}
        data-testid="teachers-table"
        rowKey="id"
        locale={{ emptyText: t('system.people.teachers.empty') }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('system.people.col.name'),
            key: 'name',
            width: 160,
            render: (_v, row) => (
              <Flex vertical>
                <Flex gap={4} align="center">
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {row.isPsychology && <Tag color="cyan">{t('system.people.teachers.psychologyShort')}</Tag>}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.teacherNo} · {row.account}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('system.people.col.school'), dataIndex: 'schoolName', width: 150, ellipsis: true },
          { title: t('system.people.col.dept'), dataIndex: 'deptName', width: 110, render: (v) => v ?? '-' },
          { title: t('system.people.col.subject'), dataIndex: 'subject', width: 90, render: (v) => v ?? '-' },
          { title: t('system.people.col.phone'), dataIndex: 'phone', width: 120, render: (v) => v ?? '-' },
          {
            title: t('system.people.col.status'),
            dataIndex: 'status',
            width: 90,
            render: (status: TeacherRowData['status']) => <TeacherStatusTag status={status} />,
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 90,
            render: (_v, row) => {
              const items = menuOf(row);
              return items && items.length > 0 ? (
                <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onMenu(row, key) }}>
                  <Button type="link" size="small" data-testid={`teacher-more-${row.id}`}>
                    {t('system.more')} <DownOutlined style={{ fontSize: 10 }} />
                  </Button>
                </Dropdown>
              ) : null;
            },
          },
        ]}
      />
      {dialog?.kind === 'form' && (
        <TeacherForm teacher={dialog.teacher} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'classes' && (
        <TeacherClasses teacher={dialog.teacher} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'reshuffle' && (
        <ReshuffleApply
          teacher={dialog.teacher}
          change={dialog.change}
          onClose={() => setDialog(null)}
          onSaved={() => queryClient.invalidateQueries({ queryKey: ['people', 'reshuffle'] })}
        />
      )}
      <ImportDialog
        kind="teacher"
        open={dialog?.kind === 'import'}
        onClose={() => setDialog(null)}
        refresh={['people', 'teachers']}
      />
    </Card>
  );
}
