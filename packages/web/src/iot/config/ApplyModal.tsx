import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { listDevices } from '../devices/api.ts';
import { applyProfile, type ConfigProfileView } from './api.ts';

const CHOICES = 50;

/** Applies a profile to one or many of the caller's devices of its kind (DTUs, or MQTT devices). */
export function ApplyModal({
  profile,
  onClose,
  onApplied,
}: {
  profile: ConfigProfileView;
  onClose(): void;
  onApplied(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const devices = useQuery({
    queryKey: ['iot', 'devices', 'config-choices', profile.kind, keyword],
    queryFn: ({ signal }) =>
      listDevices(
        // DTU profiles go to devices behind a DTU, MQTT ones to the others (the server refuses HTTP devices).
        { page: 1, size: CHOICES, keyword: keyword || undefined, throughDtu: profile.kind === 'dtu' },
        signal,
      ),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
  const apply = useMutation({
    mutationFn: () => applyProfile(profile.id, chosen),
    meta: { silentError: true },
    onSuccess: (data) => {
      message.success(t('config.apply.done', { n: data.queued }));
      onApplied();
    },
    onError: notifyError,
  });
  const list = devices.data?.list ?? [];
  return (
    <Modal
      open
      title={t('config.apply.title', { name: profile.name })}
      onCancel={onClose}
      onOk={() => apply.mutate()}
      okButtonProps={{ disabled: chosen.length === 0, loading: apply.isPending, 'data-testid': 'apply-confirm' }}
    >
      <Form layout="vertical">
        <Form.Item label={t('config.apply.devices')} extra={t('config.apply.hint')}>
          <Select<number[]>
            mode="multiple"
            data-testid="apply-devices"
            value={chosen}
            onChange={setChosen}
            showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
            loading={devices.isFetching}
            notFoundContent={t('ui.noChoices')}
            placeholder={t('data.pickDevice')}
            options={list.map((d) => ({ value: d.id, label: d.sn ? `${d.name} (${d.sn})` : d.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
