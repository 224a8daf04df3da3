import { Col, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogue } from '../components/errors.ts';
import type { Device } from './api.ts';
import type { Values } from './deviceValues.ts';
import { DEVICE_PROTOCOLS, deviceRules, intervalOptions } from './fields.tsx';

/** How a new device is identified: by its SN (plus MAC or IMEI) or by a device ID. An existing device has no choice. */
export function WayField({ device }: { device?: Device }) {
  const { t } = useTranslation();
  if (device) return null;
  return (
    <Form.Item name="way" label={t('devices.form.way')}>
      <Radio.Group
        optionType="button"
        options={[
          { value: 'sn', label: t('devices.form.bySn') },
          { value: 'id', label: t('devices.form.byId') },
        ]}
      />
    </Form.Item>
  );
}

/** The device's identity: name, device ID, and (by SN) the SN and MAC, then the IMEIs. Columns of the form's first row. */
export function IdentityFields({ device, way }: { device?: Device; way: Values['way'] }) {
  const { t } = useTranslation();
  const rules = deviceRules(t);
  return (
    <>
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
    </>
  );
}

/** How the cloud talks to the device and how often it polls it. Columns of the form's first row. */
export function ConnectionFields() {
  const { t } = useTranslation();
  const rules = deviceRules(t);
  return (
    <>
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
    </>
  );
}
