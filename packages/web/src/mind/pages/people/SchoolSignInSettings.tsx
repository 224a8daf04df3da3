import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, List, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { schoolSignIn, setSchoolSignIn } from './api.ts';
import './strings.ts';

const QUERY = ['schoolSignIn'] as const;

/** Whether each of the caller's schools lets its students sign in with student number and ID-card suffix. */
export function SchoolSignInSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: QUERY, queryFn: ({ signal }) => schoolSignIn(signal) });
  const change = useMutation({
    mutationFn: (v: { schoolId: number; on: boolean }) => setSchoolSignIn(v.schoolId, v.on),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY }),
    onError: notifyError,
  });
  if (settings.isError)
    return <LoadFailed error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  return (
    <Flex vertical gap={16} data-testid="school-sign-in">
      <Alert type="warning" showIcon title={t('mindPeople.signIn.risk')} />
      <List
        loading={settings.isPending}
        dataSource={settings.data ?? []}
        locale={{ emptyText: t('mindPeople.signIn.noSchool') }}
        renderItem={(school) => (
          <List.Item
            actions={[
              <Switch
                key="on"
                checked={school.studentNoSignIn}
                loading={change.isPending && change.variables?.schoolId === school.schoolId}
                onChange={(on) => change.mutate({ schoolId: school.schoolId, on })}
                aria-label={`${school.schoolName} ${t('mindPeople.signIn.studentNo')}`}
                data-testid={`student-no-switch-${school.schoolId}`}
              />,
            ]}
          >
            <List.Item.Meta
              title={school.schoolName}
              description={
                <Typography.Text type="secondary">
                  {t(school.studentNoSignIn ? 'mindPeople.signIn.on' : 'mindPeople.signIn.off')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
