import type { DeviceChoices } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/request.ts';

/**
 * The choices of the device forms, in one call (`GET /iot/devices/choices`, decision 0041): the
 * owners, projects, templates and tags the caller may give a device, and, for a device being edited,
 * its current ones. A sub-user, whose role opens neither the template, project nor account screens,
 * gets what the devices they may edit need.
 */
export function useDeviceChoices(deviceId?: number) {
  return useQuery({
    queryKey: ['iot', 'devices', 'choices', deviceId ?? null],
    queryFn: ({ signal }) => get<DeviceChoices>('iot/devices/choices', { query: deviceId ? { deviceId } : {}, signal }),
    staleTime: 30_000,
    // The form of a device the caller may only view is refused on saving, in the server's words;
    // its choices, refused too, just stay empty.
    meta: { silentError: true },
  });
}

type Choices = ReturnType<typeof useDeviceChoices>;
type Option = { value: number; label: string };

/** The accounts as a tree: each below its parent, indented. */
function ownerOptions(owners: DeviceChoices['owners']): Option[] {
  const ids = new Set(owners.map((o) => o.id));
  const below = (parentId: number | null, depth: number): Option[] =>
    owners
      .filter((o) => (parentId === null ? o.parentId === null || !ids.has(o.parentId) : o.parentId === parentId))
      .flatMap((o) => [
        { value: o.id, label: `${'\u00a0\u00a0'.repeat(depth)}${o.nickname || o.account} (${o.account})` },
        ...(depth < 10 ? below(o.id, depth + 1) : []),
      ]);
  return below(null, 0);
}

function optionsOf(choices: Choices, kind: 'owners' | 'projects' | 'templates' | 'tags'): Option[] {
  const data = choices.data;
  if (!data) return [];
  if (kind === 'owners') return ownerOptions(data.owners);
  return data[kind].map((item) => ({ value: item.id, label: item.name }));
}

type Props = Omit<SelectProps<number>, 'options' | 'loading'> & {
  choices: Choices;
  kind: 'owners' | 'projects' | 'templates';
};

/** One select of the device form, filled from the form's choices. */
export function ChoiceSelect({ choices, kind, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={choices.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={optionsOf(choices, kind)}
      data-testid={`device-choice-${kind}`}
      {...props}
    />
  );
}

export function ChoiceTags({
  choices,
  ...props
}: Omit<SelectProps<number[]>, 'options' | 'loading' | 'mode'> & { choices: Choices }) {
  const { t } = useTranslation();
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={choices.isLoading}
      notFoundContent={t('ui.noChoices')}
      options={optionsOf(choices, 'tags')}
      data-testid="device-choice-tags"
      {...props}
    />
  );
}
