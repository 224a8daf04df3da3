import type { TemplatePointView } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceOf } from '../devices/api.ts';
import { templateOf } from '../templates/api.ts';
import { listContacts, listGroups } from './api.ts';

const ALL = { page: 1, size: 500 };

/**
 * The data points a trigger may name: those of the template, or of the device's template; and
 * whether the device's cloud configuration is off (its independent triggers are then suspended).
 */
export function useTriggerTarget(scope: 'device' | 'template' | undefined, deviceId?: number, templateId?: number) {
  const device = useQuery({
    queryKey: ['iot', 'devices', 'detail', deviceId],
    queryFn: ({ signal }) => deviceOf(deviceId ?? 0, signal),
    enabled: scope === 'device' && deviceId !== undefined,
    meta: { silentError: true },
  });
  const templateIdOf = scope === 'device' ? (device.data?.templateId ?? undefined) : templateId;
  const template = useQuery({
    queryKey: ['iot', 'templates', 'detail', templateIdOf],
    queryFn: ({ signal }) => templateOf(templateIdOf ?? 0, signal),
    enabled: templateIdOf !== undefined,
    meta: { silentError: true },
  });
  return {
    points: templateIdOf === undefined ? [] : (template.data?.points ?? []),
    loading: device.isLoading || template.isLoading,
    /** A device without a template has no points to watch. */
    noTemplate: scope === 'device' && device.data !== undefined && device.data.templateId === null,
    cloudConfigOff: scope === 'device' && device.data?.cloudConfig === false,
  };
}

export function pointLabel(point: TemplatePointView) {
  return point.unit ? `${point.name} (${point.unit})` : point.name;
}

type MultiProps = Omit<SelectProps<number[]>, 'options' | 'loading' | 'mode'>;

export function ContactsSelect(props: MultiProps) {
  const { t } = useTranslation();
  const contacts = useQuery({
    queryKey: ['iot', 'contacts', 'choices'],
    queryFn: ({ signal }) => listContacts(ALL, signal),
    staleTime: 30_000,
    meta: { silentError: true },
  });
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={contacts.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={(contacts.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
      {...props}
    />
  );
}

export function GroupsSelect(props: MultiProps) {
  const { t } = useTranslation();
  const groups = useQuery({
    queryKey: ['iot', 'contact-groups', 'choices'],
    queryFn: ({ signal }) => listGroups(ALL, signal),
    staleTime: 30_000,
    meta: { silentError: true },
  });
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={groups.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
      {...props}
    />
  );
}
