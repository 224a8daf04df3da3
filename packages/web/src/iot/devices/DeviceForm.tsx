import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  DatePicker,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogue, showFieldErrors } from '../components/errors.ts';
import { addDevice, type Device, updateDevice } from './api.ts';
import { ChoiceSelect, ChoiceTags, useDeviceChoices } from './choices.tsx';
import { toFields, toValues, type Values } from './deviceValues.ts';
import { DEVICE_PROTOCOLS, deviceRules, intervalOptions } from './fields.tsx';
import { PictureField } from './PictureField.tsx';

/**
 * Add Device and the device's edit form: every field of the spec. A new device comes by its SN
 * plus MAC or IMEI, or by a device ID (the no-SN route); its project, once chosen, stays.
 */
export function DeviceForm({ device, open, onClose }: { device?: Device; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const way = Form.useWatch('way', form) ?? 'sn';
  const rules = deviceRules(t);
  const choices = useDeviceChoices(device?.id);
  const save = useMutation({
    mutationFn: (values: Values) => (device ? updateDevice(device.id, toFields(values)) : addDevice(toFields(values))),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t(device ? 'devices.form.saved' : 'devices.form.added'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'devices'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={device ? t('devices.form.editTitle', { name: device.name }) : t('devices.form.addTitle')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('ui.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="device-save">
            {t('ui.save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="device"
        data-testid="device-form"
        initialValues={toValues(device)}
        onFinish={(values) => save.mutate(values)}
      >
        {!device && (
          <Form.Item name="way" label={t('devices.form.way')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'sn', label: t('devices.form.bySn') },
                { value: 'id', label: t('devices.form.byId') },
              ]}
            />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('devices.field.name')} rules={rules.name}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="deviceNo"
              label={t('devices.field.deviceNo')}
              rules={[
                ...rules.deviceNo,
                ...(way === 'id' ? [{ required: true, message: catalogue('device.no.range') }] : []),
              ]}
              extra={way === 'id' ? t('devices.form.byIdHint') : undefined}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          {way === 'sn' && (
            <>
              <Col span={12}>
                <Form.Item
                  name="sn"
                  label={t('devices.field.sn')}
                  rules={[{ required: true, whitespace: true, message: t('devices.rules.snRequired') }, ...rules.sn]}
                >
                  <Input maxLength={20} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="mac"
                  label={t('devices.field.mac')}
                  dependencies={['imei']}
                  rules={[
                    ...rules.mac,
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value: string | undefined) => {
                        if (device || value?.trim() || String(getFieldValue('imei') ?? '').trim()) return;
                        throw new Error(catalogue('device.sn.needsMacOrImei'));
                      },
                    }),
                  ]}
                >
                  <Input maxLength={17} placeholder="00:1A:2B:3C:4D:5E" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={12}>
            <Form.Item name="imei" label={t('devices.field.imei')} rules={rules.imei}>
              <Input maxLength={15} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="imei2" label={t('devices.field.imei2')} rules={rules.imei}>
              <Input maxLength={15} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="loraNid" label={t('devices.field.loraNid')}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="commPassword"
              label={t('devices.field.commPassword')}
              rules={rules.commPassword}
              extra={t('devices.form.commPasswordHint')}
            >
              <Input maxLength={16} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="protocol" label={t('devices.field.protocol')}>
              <Select options={DEVICE_PROTOCOLS.map((p) => ({ value: p, label: t(`devices.protocol.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="queryInterval" label={t('devices.field.queryInterval')}>
              <Select options={intervalOptions(t)} />
            </Form.Item>
          </Col>
        </Row>
        <Divider plain titlePlacement="start">
          {t('devices.form.belongs')}
        </Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="projectId"
              label={t('devices.field.project')}
              extra={device?.projectId ? t('devices.form.projectFixed') : t('devices.form.projectOnce')}
            >
              <ChoiceSelect choices={choices} kind="projects" disabled={!!device?.projectId} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tagIds" label={t('devices.field.tags')} rules={rules.tags}>
              <ChoiceTags choices={choices} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ownerId" label={t('devices.field.owner')}>
              <ChoiceSelect choices={choices} kind="owners" placeholder={t('devices.form.ownerSelf')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="templateId" label={t('devices.field.template')}>
              <ChoiceSelect choices={choices} kind="templates" />
            </Form.Item>
          </Col>
        </Row>
        <Divider plain titlePlacement="start">
          {t('devices.form.place')}
        </Divider>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="address"
              label={t('devices.field.address')}
              rules={[{ max: 200, message: t('devices.rules.addressMax') }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="latitude" label={t('devices.field.latitude')} rules={rules.latitude}>
              <InputNumber style={{ width: '100%' }} step={0.000001} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="longitude" label={t('devices.field.longitude')} rules={rules.longitude}>
              <InputNumber style={{ width: '100%' }} step={0.000001} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="picture"
              label={t('devices.field.picture')}
              extra={t('devices.form.pictureHint')}
              validateStatus={pictureProblem ? 'error' : undefined}
              help={pictureProblem ?? undefined}
            >
              <PictureField onProblem={setPictureProblem} />
            </Form.Item>
          </Col>
        </Row>
        <Divider plain titlePlacement="start">
          {t('devices.form.service')}
        </Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="warranty"
              label={t('devices.field.warranty')}
              rules={[
                {
                  validator: async (_rule, value: Values['warranty']) => {
                    if (value?.[0] && value[1] && !value[1].isAfter(value[0], 'day'))
                      throw new Error(catalogue('device.warranty.order'));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="version"
              label={t('devices.field.version')}
              rules={[{ max: 50, message: t('devices.rules.versionMax') }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('devices.field.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="cloudConfig"
              label={t('devices.field.cloudConfig')}
              valuePropName="checked"
              extra={t('devices.form.cloudConfigHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('devices.field.remark')} rules={rules.remark}>
              <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
