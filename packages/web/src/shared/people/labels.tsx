import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StudentStatus } from './api.ts';

const studentColors: Record<StudentStatus, string> = {
  studying: 'green',
  suspended: 'orange',
  graduated: 'blue',
  transferred: 'purple',
  disabled: 'default',
};

export function StudentStatusTag({ status }: { status: StudentStatus }) {
  const { t } = useTranslation();
  return <Tag color={studentColors[status]}>{t(`system.people.studentStatus.${status}`)}</Tag>;
}
