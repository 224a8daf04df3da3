import { DownloadOutlined, DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { STUDENT_STATUSES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Flex, Form, Input, type MenuProps, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../../shared/download.ts';
import { notifyError } from '../../../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../../../shared/lists/PagedList.tsx';
import { type Student, type StudentFilter, type StudentStatus, studentPage } from '../../../../shared/people/api.ts';
import { StudentStatusTag } from '../../../../shared/people/labels.tsx';
import { StudentCardDrawer } from '../../../../shared/people/StudentCard.tsx';
import { useConfirm } from '../../../../shared/useConfirm.ts';
import { usePermissions } from '../../access.ts';
import { removeStudent } from '../api.ts';
import { ImportDialog } from '../ImportDialog.tsx';
import { type Place, PlaceSelect, placeFilter } from '../PlaceSelect.tsx';
import { MoveStudent, StatusChange } from './StudentChanges.tsx';
import { StudentForm } from './StudentForm.tsx';

const can = {
  add: { path: '/system/student', code: 'add' },
  edit: { path: '/system/student', code: 'edit' },
  remove: { path: '/system/student', code: 'delete' },
  export: { path: '/system/student', code: 'view' },
};

interface FilterValues {
  place?: number;
  status?: StudentStatus;
  keyword?: string;
}

type Dialog =
  | { kind: 'form'; student: Student | null }
  | { kind: 'move'; student: Student }
  | { kind: 'status'; student: Student }
  | { kind: 'import' }
  | null;

/** The students of the administrator's data scope: filtered by place, status and name or number, and managed. */
export function StudentsPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const [place, setPlace] = useState<Place | undefined>();
  const [shown, setShown] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const students = usePagedList<StudentFilter, Student>(['people', 'students'], studentPage);
  const search = (values: FilterValues) =>
    students.search({
      ...placeFilter(values.place ? place : undefined),
      status: values.status,
      keyword: values.keyword,
    });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['people', 'students'] });

  const menuOf = (): MenuProps['items'] => {
    const items: MenuProps['items'] = [];
    if (permissions.can(can.edit)) {
      items.push({ key: 'edit', label: t('system.edit') });
      items.push({ key: 'move', label: t('system.people.students.move') });
      items.push({ key: 'status', label: t('system.people.students.changeStatus') });
    }
    if (permissions.can(can.remove)) items.push({ key: 'remove', label: t('system.people.remove'), danger: true });
    return items;
  };
  const onMenu = (student: Student, key: string) => {
    if (key === 'edit') setDialog({ kind: 'form', student });
    if (key === 'move') setDialog({ kind: 'move', student });
    if (key === 'status') setDialog({ kind: 'status', student });
    if (key === 'remove')
      confirm(
        {
          title: t('system.people.students.removeTitle', { name: student.name }),
          content: t('system.people.students.removeText'),
          okText: t('system.people.remove'),
          danger: true,
        },
        async () => {
          await removeStudent(student.id);
          await refresh();
        },
      );
  };
  const exportList = async () => {
    setExporting(true);
    try {
      const { schoolId, gradeId, classId } = students.filters;
      await download('apis-user/student/export', 'students.xlsx', { schoolId, gradeId, classId });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      data-testid="students-page"
      title={t('system.route.students')}
      extra={
        <Flex gap={8} wrap>
          {permissions.can(can.export) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList} data-testid="students-export">
              {t('system.people.export')}
            </Button>
          )}
          {permissions.can(can.add) && (
            <>
              <Button
                icon={<UploadOutlined />}
                onClick={() => setDialog({ kind: 'import' })}
                data-testid="students-import"
              >
                {t('system.people.import.button')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'form', student: null })}
                data-testid="students-add"
              >
                {t('system.people.students.add')}
              </Button>
            </>
          )}
        </Flex>
      }
    >
      <FilterForm<FilterValues>
        name="students"
        form={form}
        onSearch={search}
        searchTestId="students-search"
        onReset={() => {
          setPlace(undefined);
        }}
      >
        <Form.Item name="place" label={t('system.people.place.label')}>
          <PlaceSelect style={{ width: 260 }} onChange={(_id, next) => setPlace(next)} testId="students-place" />
        </Form.Item>
        <Form.Item name="status" label={t('system.people.col.status')}>
          <Select
            allowClear
            placeholder={t('system.all')}
            style={{ width: 110 }}
            options={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`system.people.studentStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('system.people.students.keyword')} style={{ width: 220 }} />
        </Form.Item>
      </FilterForm>
      <PagedTable<Student>
        list={students}
        data-testid="students-table"
        rowKey="id"
        locale={{ emptyText: t('system.people.students.empty') }}
        scroll={{ x: 840 }}
        columns={[
          {
            title: t('system.people.col.name'),
            key: 'name',
            width: 150,
            render: (_v, s) => (
              <Flex vertical>
                <Typography.Link onClick={() => setShown(s.id)}>{s.name}</Typography.Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.studentNo}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('system.people.col.gender'),
            dataIndex: 'gender',
            width: 70,
            render: (g: string) => t(`system.people.gender.${g}`),
          },
          {
            title: t('system.people.col.class'),
            key: 'class',
            width: 220,
            render: (_v, s) => (
              <Flex vertical>
                <span>{[s.grade?.name, s.class?.name].filter(Boolean).join(' · ')}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[s.school?.name, s.campus?.name].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('system.people.col.idCard'), dataIndex: 'idCard', width: 180, render: (v) => v ?? '-' },
          {
            title: t('system.people.col.status'),
            dataIndex: 'status',
            width: 90,
            render: (status: StudentStatus) => <StudentStatusTag status={status} />,
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 130,
            render: (_v, s) => {
              const items = menuOf();
              return (
                <Flex align="center">
                  <Button type="link" size="small" onClick={() => setShown(s.id)}>
                    {t('system.people.students.card')}
                  </Button>
                  {items && items.length > 0 && (
                    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onMenu(s, key) }}>
                      <Button type="link" size="small" data-testid={`student-more-${s.id}`}>
                        {t('system.more')} <DownOutlined style={{ fontSize: 10 }} />
                      </Button>
                    </Dropdown>
                  )}
                </Flex>
              );
            },
          },
        ]}
      />
      <StudentCardDrawer studentId={shown} onClose={() => setShown(null)} />
      <StudentForm
        open={dialog?.kind === 'form'}
        student={dialog?.kind === 'form' ? dialog.student : null}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
      {dialog?.kind === 'move' && (
        <MoveStudent student={dialog.student} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'status' && (
        <StatusChange student={dialog.student} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      <ImportDialog
        kind="student"
        open={dialog?.kind === 'import'}
        onClose={() => setDialog(null)}
        refresh={['people', 'students']}
      />
    </Card>
  );
}
