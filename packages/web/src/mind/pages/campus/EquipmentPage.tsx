import { CAMPUS_DEVICE_KINDS, CAMPUS_LIMITS, isPlayableAddress, isRecorderAddress } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { SchoolSelect, useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { addDevice, type CampusDevice, type CampusDeviceCreated, devicePage, editDevice, removeDevice } from './api.ts';
import './strings.ts';

const L = CAMPUS_LIMITS;

interface Values {
  schoolId?: number;
  kind: CampusDevice['kind'];
  name: string;
  location: string;
  streamUrl?: string;
  recorderUrl?: string;
}

/** A device's school, kind, name and place; its school is fixed once added. */
function DeviceForm(props: {
  device: CampusDevice | null;
  onClose(): void;
  onSaved(d: CampusDevice | CampusDeviceCreated): void;
}) {
  const { device, onClose, onSaved } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const schools = useSchools();
  const onlySchool = schools.data?.total === 1 ? schools.data.list[0]?.id : undefined;
  useEffect(() => {
    if (!device && onlySchool !== undefined && form.getFieldValue('schoolId') === undefined)
      form.setFieldsValue({ schoolId: onlySchool });
  }, [device, onlySchool, form]);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        kind: v.kind,
        name: v.name.trim(),
        location: v.location.trim(),
        streamUrl: v.kind === 'camera' ? (v.streamUrl ?? '').trim() : '',
        recorderUrl: v.kind === 'camera' ? (v.recorderUrl ?? '').trim() : '',
      };
      return device ? editDevice(device.id, body) : addDevice({ ...body, schoolId: v.schoolId ?? 0 });
    },
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={480}
      title={device ? t('campus.editDevice') : t('campus.addDevice')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('campus.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="device-save">
            {t('campus.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        data-testid="device-form"
        initialValues={
          device
            ? {
                schoolId: device.schoolId,
                kind: device.kind,
                name: device.name,
                location: device.location,
                streamUrl: device.streamUrl ?? '',
                recorderUrl: device.recorderUrl ?? '',
              }
            : { kind: 'camera', schoolId: onlySchool }
        }
      >
        <Form.Item
          name="schoolId"
          label={t('campus.school')}
          rules={[{ required: true, message: t('campus.schoolRequired') }]}
        >
          {device ? (
            <Input value={device.schoolName} disabled />
          ) : (
            <SchoolSelect testId="device-school" allowClear={false} />
          )}
        </Form.Item>
        <Form.Item name="kind" label={t('campus.kind')}>
          <Select
            data-testid="device-kind"
            options={CAMPUS_DEVICE_KINDS.map((k) => ({ value: k, label: t(`campus.kinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('campus.name')}
          rules={[{ required: true, whitespace: true, max: L.nameMax, message: t('campus.nameRequired') }]}
        >
          <Input maxLength={L.nameMax} showCount data-testid="device-name" />
        </Form.Item>
        <Form.Item
          name="location"
          label={t('campus.location')}
          rules={[{ required: true, whitespace: true, max: L.locationMax, message: t('campus.locationRequired') }]}
        >
          <Input maxLength={L.locationMax} showCount data-testid="device-location" />
        </Form.Item>
        <Form.Item noStyle dependencies={['kind']}>
          {({ getFieldValue }) =>
            getFieldValue('kind') === 'camera' && (
              <>
                <Form.Item
                  name="streamUrl"
                  label={t('campus.streamUrl')}
                  extra={t('campus.streamHint')}
                  rules={[
                    {
                      validator: (_rule, value?: string) => {
                        const address = value?.trim() ?? '';
                        // The masked address read back is the stored one: it passed this check when saved.
                        const ok = address === '' || address.includes(':***@') || isPlayableAddress(address);
                        return ok ? Promise.resolve() : Promise.reject(new Error(t('campus.streamInvalid')));
                      },
                    },
                  ]}
                >
                  <Input maxLength={500} placeholder="rtsp://…" data-testid="device-stream" />
                </Form.Item>
                <Form.Item
                  name="recorderUrl"
                  label={t('campus.recorderUrl')}
                  extra={t('campus.recorderHint')}
                  rules={[
                    {
                      validator: (_rule, value?: string) => {
                        const address = value?.trim() ?? '';
                        const ok = address === '' || isRecorderAddress(address);
                        return ok ? Promise.resolve() : Promise.reject(new Error(t('campus.recorderInvalid')));
                      },
                    },
                  ]}
                >
                  <Input maxLength={500} placeholder="rtsp://…/Streaming/tracks/101" data-testid="device-recorder" />
                </Form.Item>
              </>
            )
          }
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** The new device's key and secret, shown this once with a copy button each. */
function SecretOnce({ device, onClose }: { device: CampusDeviceCreated; onClose(): void }) {
  const { t } = useTranslation();
  const copyable = (text: string) => ({ text, tooltips: [t('campus.copy'), t('campus.copied')] });
  return (
    <Modal
      open
      width={620}
      title={t('campus.secretTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="device-secret-done">
          {t('campus.secretSaved')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('campus.secretOnce')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered data-testid="device-secret">
        <Descriptions.Item label={t('campus.name')}>{device.name}</Descriptions.Item>
        <Descriptions.Item label={t('campus.deviceKey')}>
          <Typography.Text code copyable={copyable(device.deviceKey)} data-testid="device-secret-key">
            {device.deviceKey}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('campus.secret')}>
          <Typography.Text code copyable={copyable(device.secret)} data-testid="device-secret-value">
            {device.secret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/** A device's online state: online while it reported within the last minutes (its heartbeats). */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return <Badge status={online ? 'success' : 'default'} text={t(`campus.onlineStates.${online ? 'on' : 'off'}`)} />;
}

/**
 * `/data/equipmentManage`: the cameras and terminals of the schools in scope, with their key and
 * online state; added (the secret shown once), edited and deleted under the page's codes.
 */
export function EquipmentPage() {
  const { t } = useTranslation();
  const can = useCan('/data/equipmentManage');
  return (
    <ViewGuard may={can('view')} testId="equipment-page" refusal={t('campus.noEquipment')}>
      <EquipmentList />
    </ViewGuard>
  );
}

function EquipmentList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/equipmentManage');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CampusDevice | 'new' | null>(null);
  const [created, setCreated] = useState<CampusDeviceCreated | null>(null);
  const devices = usePagedList<{ schoolId?: number }, CampusDevice>(['campus', 'devices'], devicePage, {
    refetchInterval: 30_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['campus', 'devices'] });
  const remove = useMutation({
    mutationFn: removeDevice,
    onSuccess: () => {
      message.success(t('campus.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="equipment-page">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <SchoolSelect
          testId="equipment-school-filter"
          style={{ width: 240 }}
          value={devices.filters.schoolId}
          onChange={(schoolId) => devices.search({ schoolId })}
        />
        {can('add') && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="device-add">
            {t('campus.addDevice')}
          </Button>
        )}
      </Flex>
      <PagedTable<CampusDevice>
        list={devices}
        live
        rowKey="id"
        data-testid="equipment-table"
        locale={{ emptyText: t('campus.devicesEmpty') }}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('campus.school'), dataIndex: 'schoolName', width: 120 },
          { title: t('campus.name'), dataIndex: 'name', width: 140 },
          { title: t('campus.location'), dataIndex: 'location', width: 140 },
          {
            title: t('campus.kind'),
            dataIndex: 'kind',
            width: 90,
            render: (k: CampusDevice['kind']) => t(`campus.kinds.${k}`),
          },
          {
            title: t('campus.deviceKey'),
            dataIndex: 'deviceKey',
            width: 260,
            render: (key: string) => (
              <Typography.Text code copyable={{ text: key, tooltips: [t('campus.copy'), t('campus.copied')] }}>
                {key}
              </Typography.Text>
            ),
          },
          {
            title: t('campus.online'),
            dataIndex: 'online',
            width: 90,
            render: (online: boolean) => <OnlineBadge online={online} />,
          },
          {
            title: t('campus.lastSeen'),
            dataIndex: 'lastSeenAt',
            width: 150,
            render: (at: number | null) => (at === null ? t('campus.never') : timeText(at)),
          },
          {
            title: t('campus.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 110,
            render: (_v: unknown, d: CampusDevice) => (
              <Flex gap={10}>
                {can('edit') && <Typography.Link onClick={() => setEditing(d)}>{t('campus.edit')}</Typography.Link>}
                {can('delete') && (
                  <DeleteLink
                    title={d.name}
                    question={t('campus.confirmDelete')}
                    label={t('campus.delete')}
                    cancel={t('campus.cancel')}
                    onDelete={() => remove.mutateAsync(d.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <DeviceForm
          device={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if ('secret' in saved) setCreated(saved);
            else message.success(t('campus.saved'));
            void refresh();
          }}
        />
      )}
      {created && <SecretOnce device={created} onClose={() => setCreated(null)} />}
    </Card>
  );
}
