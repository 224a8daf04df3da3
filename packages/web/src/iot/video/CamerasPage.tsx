import { PlusOutlined, WifiOutlined } from '@ant-design/icons';
import { CAMERA_NAME_MAX, CAMERA_URL_MAX, streamKindOf, translate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../shared/i18n.ts';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { showFieldErrors } from '../components/errors.ts';
import { ChoiceSelect, useDeviceChoices } from '../devices/choices.tsx';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { addCamera, type CameraInput, type CameraView, deleteCamera, editCamera, listCameras } from './api.ts';
import { type CameraPrefill, OnvifDialog } from './OnvifDialog.tsx';
import './strings.ts';

const CAMERAS = '/iot/cameras';

/** Camera List and Video Management: the account's cameras, added, changed and deleted here. */
export function CamerasPage() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [editing, setEditing] = useState<CameraView | 'new' | CameraPrefill | null>(null);
  const [discovering, setDiscovering] = useState(false);
  const list = usePagedList<{ keyword?: string }, CameraView>(['iot', 'cameras'], listCameras);
  const remove = (row: CameraView) =>
    confirm({ title: t('video.deleteAsk', { name: row.name }), okText: t('ui.delete'), danger: true }, async () => {
      await deleteCamera(row.id);
      await queryClient.invalidateQueries({ queryKey: ['iot', 'cameras'] });
    });
  return (
    <Card data-testid="cameras-page" title={t('menu.video.cameras')}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={12}>
          <Input.Search
            allowClear
            placeholder={t('video.keyword')}
            style={{ width: 280, maxWidth: '100%' }}
            onSearch={(value) => list.search({ keyword: value.trim() || undefined })}
          />
          {can({ path: CAMERAS, code: 'add' }) && (
            <Space wrap>
              <Button icon={<WifiOutlined />} onClick={() => setDiscovering(true)} data-testid="onvif-open">
                {t('onvif.open')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="camera-add">
                {t('video.add')}
              </Button>
            </Space>
          )}
        </Flex>
        <PagedTable<CameraView>
          list={list}
          data-testid="cameras-table"
          rowKey="id"
          scroll={{ x: 900 }}
          locale={{ emptyText: t('video.empty') }}
          pagination={{ showSizeChanger: false }}
          columns={[
            { title: t('video.name'), dataIndex: 'name' },
            {
              title: t('video.kind'),
              dataIndex: 'kind',
              render: (kind: CameraView['kind']) => <Tag>{t(`video.kinds.${kind}`)}</Tag>,
            },
            { title: t('video.streamUrl'), dataIndex: 'streamUrl', ellipsis: true },
            { title: t('video.project'), dataIndex: 'projectName', render: (name: string | null) => name ?? '-' },
            {
              title: t('video.devices'),
              dataIndex: 'devices',
              render: (devices: CameraView['devices']) => devices.map((d) => <Tag key={d.id}>{d.name}</Tag>),
            },
            {
              title: t('video.createdAt'),
              dataIndex: 'createdAt',
              render: (at: number) => new Date(at).toLocaleString(i18n.language),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              width: 200,
              render: (_v, row) => (
                <Space size={0}>
                  <Link to={`/video/monitor?camera=${row.id}`}>
                    <Button type="link" size="small">
                      {t('video.watch')}
                    </Button>
                  </Link>
                  {can({ path: CAMERAS, code: 'edit' }) && (
                    <Button type="link" size="small" onClick={() => setEditing(row)}>
                      {t('video.edit')}
                    </Button>
                  )}
                  {can({ path: CAMERAS, code: 'delete' }) && (
                    <Button type="link" size="small" danger onClick={() => remove(row)}>
                      {t('ui.delete')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      {editing && (
        <CameraForm
          camera={editing === 'new' || !('id' in editing) ? null : editing}
          prefill={editing !== 'new' && !('id' in editing) ? editing : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {discovering && (
        <OnvifDialog
          onClose={() => setDiscovering(false)}
          onPick={(prefill) => {
            setDiscovering(false);
            setEditing(prefill);
          }}
        />
      )}
    </Card>
  );
}

/** A camera's name, stream address, project and bound devices; a new one may start from an ONVIF discovery. */
function CameraForm({
  camera,
  prefill,
  onClose,
}: {
  camera: CameraView | null;
  prefill?: CameraPrefill | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices = useDeviceChoices();
  const [form] = Form.useForm<CameraInput>();
  const save = useMutation({
    mutationFn: (values: CameraInput) => (camera ? editCamera(camera.id, values) : addCamera(values)),
    meta: { silentError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['iot', 'cameras'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const lang = currentLang();
  return (
    <Modal
      open
      title={t(camera ? 'video.editTitle' : 'video.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<CameraInput>
        form={form}
        layout="vertical"
        name="camera"
        initialValues={{
          name: camera?.name ?? prefill?.name,
          streamUrl: camera?.streamUrl ?? prefill?.streamUrl,
          projectId: camera?.projectId ?? null,
          deviceIds: camera?.devices.map((d) => d.id) ?? prefill?.deviceIds ?? [],
        }}
        onFinish={(values) => save.mutate({ ...values, projectId: values.projectId ?? null })}
      >
        <Form.Item
          name="name"
          label={t('video.name')}
          rules={[
            { required: true, whitespace: true, max: CAMERA_NAME_MAX, message: translate('v.camera.name', lang) },
          ]}
        >
          <Input maxLength={CAMERA_NAME_MAX} showCount data-testid="camera-name" />
        </Form.Item>
        <Form.Item
          name="streamUrl"
          label={t('video.streamUrl')}
          extra={t('video.streamHint')}
          rules={[
            {
              required: true,
              validator: async (_rule, value?: string) => {
                if (!value?.trim() || !streamKindOf(value.trim()))
                  throw new Error(translate('v.camera.streamUrl', lang));
              },
            },
          ]}
        >
          <Input maxLength={CAMERA_URL_MAX} placeholder="rtsp://192.168.1.64:554/stream1" data-testid="camera-url" />
        </Form.Item>
        <Form.Item name="projectId" label={t('video.project')}>
          <ChoiceSelect choices={choices} kind="projects" />
        </Form.Item>
        <Form.Item name="deviceIds" label={t('video.devices')} extra={t('video.devicesHint')}>
          <DeviceSelect mode="multiple" data-testid="camera-devices" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
