import { Col, DatePicker, Divider, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogue } from '../components/errors.ts';
import type { Device } from './api.ts';
import { ChoiceSelect, ChoiceTags, type useDeviceChoices } from './choices.tsx';
import type { Values } from './deviceValues.ts';
import { deviceRules } from './fields.tsx';
import { PictureField } from './PictureField.tsx';

/** Where the device belongs: its project (chosen once), tags, owner and template. */
export function BelongsSection({ device, choices }: { device?: Device; choices: ReturnType<typeof useDeviceChoices> }) {
  const { t } = useTranslation();
  const rules = deviceRules(t);
  return (
    <>
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
    </>
  );
}

/** Where the device stands: address, coordinates and a picture (whose upload problem shows under it). */
export function PlaceSection({
  pictureProblem,
  setPictureProblem,
}: {
  pictureProblem: string | null;
  setPictureProblem(problem: string | null): void;
}) {
  const { t } = useTranslation();
  const rules = deviceRules(t);
  return (
    <>
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
    </>
  );
}

/** The device in service: warranty, version, enabled, cloud configuration and the remark. */
export function ServiceSection() {
  const { t } = useTranslation();
  const rules = deviceRules(t);
  return (
    <>
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
    </>
  );
}
