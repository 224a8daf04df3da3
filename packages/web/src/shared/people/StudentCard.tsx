import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../lists/LoadFailed.tsx';
import { usePermissions } from '../permissions.ts';
import { RevealNumber } from '../RevealNumber.tsx';
import { revealParentPhone, revealStudent, studentInfo } from './api.ts';
import { StudentStatusTag } from './labels.tsx';

const EDIT = { path: '/system/student', code: 'edit' };

/**
 * The student card (`getStudentInfo`): place, details, head teachers and parents. Reading it is
 * audited. Numbers come masked: a role that edits students may show the student's whole, anyone
 * who sees the student a parent's phone, each asked of the server, which audits it.
 */
export function StudentCardDrawer({ studentId, onClose }: { studentId: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const mayEdit = usePermissions().can(EDIT);
  const card = useQuery({
    queryKey: ['people', 'studentCard', studentId],
    queryFn: ({ signal }) => studentInfo(studentId ?? 0, signal),
    enabled: studentId !== null,
    meta: { silentError: true },
  });
  const s = card.data;
  return (
    <Drawer
      open={studentId !== null}
      onClose={onClose}
      title={t('system.people.students.card')}
      size={520}
      destroyOnHidden
    >
      <div data-testid="student-card">
        {card.isPending ? (
          <Skeleton active />
        ) : card.isError || !s ? (
          <LoadFailed error={card.error} onRetry={() => card.refetch()} retrying={card.isFetching} />
        ) : (
          <>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'name', label: t('system.people.col.name'), children: s.name },
                { key: 'no', label: t('system.people.col.studentNo'), children: s.studentNo },
                {
                  key: 'gender',
                  label: t('system.people.col.gender'),
                  children: t(`system.people.gender.${s.gender}`),
                },
                {
                  key: 'status',
                  label: t('system.people.col.status'),
                  children: <StudentStatusTag status={s.status} />,
                },
                { key: 'school', label: t('system.people.col.school'), children: s.school?.name ?? '-' },
                { key: 'campus', label: t('system.people.col.campus'), children: s.campus?.name ?? '-' },
                { key: 'grade', label: t('system.people.col.grade'), children: s.grade?.name ?? '-' },
                { key: 'class', label: t('system.people.col.class'), children: s.class?.name ?? '-' },
                { key: 'birthday', label: t('system.people.col.birthday'), children: s.birthday ?? '-' },
                {
                  key: 'idCard',
                  label: t('system.people.col.idCard'),
                  children: (
                    <RevealNumber
                      masked={s.idCard}
                      testId="card-id-card"
                      {...(mayEdit ? { reveal: async () => (await revealStudent(s.id)).idCard } : {})}
                    />
                  ),
                },
                {
                  key: 'phone',
                  label: t('system.people.col.phone'),
                  children: (
                    <RevealNumber
                      masked={s.phone}
                      testId="card-phone"
                      {...(mayEdit ? { reveal: async () => (await revealStudent(s.id)).phone } : {})}
                    />
                  ),
                },
                { key: 'enrol', label: t('system.people.col.enrolYear'), children: s.enrolYear ?? '-' },
                {
                  key: 'heads',
                  label: t('system.people.col.headTeacher'),
                  children: s.classTeachers.length > 0 ? s.classTeachers.join('、') : '-',
                },
                {
                  key: 'account',
                  label: t('system.people.col.account'),
                  children: s.userId ? (
                    <Tag color="green">{t('system.people.bound')}</Tag>
                  ) : (
                    <Tag>{t('system.people.unbound')}</Tag>
                  ),
                },
              ]}
            />
            <List
              style={{ marginTop: 16 }}
              header={<strong>{t('system.people.students.parents')}</strong>}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.people.students.noParents')} />
                ),
              }}
              dataSource={s.parents}
              renderItem={(p) => (
                <List.Item key={p.parentId}>
                  <List.Item.Meta
                    title={`${p.name} · ${t(`system.people.relation.${p.relation}`)}`}
                    description={
                      <RevealNumber
                        masked={p.phone}
                        testId={`card-parent-phone-${p.parentId}`}
                        reveal={async () => (await revealParentPhone(p.parentId)).phone}
                      />
                    }
                  />
                </List.Item>
              )}
            />
          </>
        )}
      </div>
    </Drawer>
  );
}
