import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const teacherColors = { active: 'green', dimission: 'default', retired: 'blue' } as const;

export function TeacherStatusTag({ status }: { status: keyof typeof teacherColors }) {
  const { t } = useTranslation();
  return <Tag color={teacherColors[status]}>{t(`system.people.teacherStatus.${status}`)}</Tag>;
}
