import { Card, Empty, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type TaskFilter = 'pending' | 'done';

/** "My tasks": what a student, parent or field engineer has to answer or do. Empty until tasks exist. */
export function TasksPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TaskFilter>('pending');
  return (
    <div data-testid="h5-home">
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('tasks.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('tasks.intro')}</Typography.Paragraph>
      <Segmented<TaskFilter>
        block
        size="large"
        value={filter}
        onChange={setFilter}
        options={[
          { label: t('tasks.pending'), value: 'pending' },
          { label: t('tasks.done'), value: 'done' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Card>
        <Empty
          style={{ padding: '40px 0' }}
          description={
            <>
              <Typography.Text style={{ fontSize: 16 }}>
                {filter === 'pending' ? t('tasks.noPending') : t('tasks.noDone')}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('tasks.hint')}</Typography.Text>
            </>
          }
        />
      </Card>
    </div>
  );
}
