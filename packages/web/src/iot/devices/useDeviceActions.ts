import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../shared/useConfirm.ts';
import { type DeviceRow, deleteDevice, setEnabled } from './api.ts';

/** Enabling, disabling and deleting a device, each after a question, then the lists read again. */
export function useDeviceActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot'] });
  const toggle = (row: DeviceRow) =>
    confirm(
      {
        title: t(row.enabled ? 'devices.list.disableAsk' : 'devices.list.enableAsk', { name: row.name }),
        content: row.enabled ? t('devices.list.disableHint') : undefined,
        okText: t(row.enabled ? 'devices.list.disable' : 'devices.list.enable'),
        danger: row.enabled,
      },
      async () => {
        await setEnabled(row.id, !row.enabled);
        await refresh();
      },
    );
  const remove = (row: DeviceRow) =>
    confirm(
      {
        title: t('devices.list.deleteAsk', { name: row.name }),
        content: t('devices.list.deleteHint'),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteDevice(row.id);
        await refresh();
      },
    );
  return { toggle, remove };
}
