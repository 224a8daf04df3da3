import type { RegisterApp } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reviewSetting, type ReviewSetting as Setting, saveReviewSetting } from './api.ts';

const APPS: RegisterApp[] = ['iot', 'mind'];
const KEY = ['system', 'reviewSetting'];

/** Whether new registrations of each app wait for an administrator, one switch per app. */
export function ReviewSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: ({ signal }) => reviewSetting(signal) });
  const save = useMutation({
    mutationFn: saveReviewSetting,
    onSuccess: (saved, change) => {
      queryClient.setQueryData<Setting>(KEY, saved);
      const [app] = Object.keys(change) as RegisterApp[];
      if (app)
        message.success(
          t(saved[app] ? 'system.review.settingOn' : 'system.review.settingOff', { app: t(`system.apps.${app}`) }),
        );
    },
  });
  return (
    <Card size="small" title={t('system.review.settingTitle')} data-testid="review-setting">
      {setting.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex wrap gap={32}>
          {APPS.map((app) => (
            <Flex key={app} align="center" gap={10}>
              <Switch
                data-testid={`review-${app}`}
                checked={setting.data?.[app] ?? false}
                loading={save.isPending && save.variables?.[app] !== undefined}
                disabled={setting.isError}
                onChange={(on) => save.mutate({ [app]: on })}
              />
              <Flex vertical>
                <Typography.Text strong>{t(`system.apps.${app}`)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(setting.data?.[app] ? 'system.review.waits' : 'system.review.immediate')}
                </Typography.Text>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
