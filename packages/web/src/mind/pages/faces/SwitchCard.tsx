import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { timeText } from '../archive/common.tsx';
import { type FaceSwitch, faceSwitches, setFaceSwitch } from './api.ts';
import './strings.ts';

export const switchesKey = ['faces', 'switches'];

/** The schools in scope with their switch; the switch itself turns for the school's administrator. */
export function useFaceSwitches() {
  return useQuery({ queryKey: switchesKey, queryFn: ({ signal }) => faceSwitches(signal) });
}

function SchoolSwitch({ school, mayTurn }: { school: FaceSwitch; mayTurn: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const turn = useMutation({
    mutationFn: (enabled: boolean) => setFaceSwitch(school.schoolId, enabled),
    onSuccess: (saved) => {
      message.success(t(saved.enabled ? 'faces.turnedOn' : 'faces.turnedOff'));
      void queryClient.invalidateQueries({ queryKey: ['faces'] });
    },
    onError: notifyError,
  });
  return (
    <Flex gap={12} align="center" wrap data-testid={`face-switch-${school.schoolId}`}>
      <Typography.Text strong>{school.schoolName}</Typography.Text>
      <Switch
        checked={school.enabled}
        loading={turn.isPending}
        disabled={!mayTurn}
        onChange={(next) => turn.mutate(next)}
        data-testid="face-switch"
      />
      <Tag color={school.enabled ? 'green' : 'default'}>{t(school.enabled ? 'faces.on' : 'faces.off')}</Tag>
      <Typography.Text type="secondary">
        {school.changedAt
          ? t('faces.changed', { name: school.changedBy ?? '-', at: timeText(school.changedAt) })
          : t('faces.neverChanged')}
      </Typography.Text>
    </Flex>
  );
}

export function SwitchCard({ mayTurn }: { mayTurn: boolean }) {
  const { t } = useTranslation();
  const switches = useFaceSwitches();
  return (
    <Card title={t('faces.switchTitle')} loading={switches.isPending} data-testid="face-switches">
      <Alert type="info" showIcon title={t('faces.switchHelp')} style={{ marginBottom: 12 }} />
      <Flex vertical gap={8}>
        {(switches.data ?? []).map((s) => (
          <SchoolSwitch key={s.schoolId} school={s} mayTurn={mayTurn} />
        ))}
      </Flex>
    </Card>
  );
}
