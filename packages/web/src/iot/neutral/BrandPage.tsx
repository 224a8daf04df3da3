import { type BrandInput, brandInput } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, ColorPicker, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { ownBrand, saveBrand } from './api.ts';
import { ImageField } from './ImageField.tsx';

const DEFAULT_COLOR = '#2f6bd8';

/** The neutral member's brand and custom domain: what every page on that domain shows (decision 0116). */
export function BrandPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<BrandInput>();
  const own = useQuery({
    queryKey: ['portal', 'brand'],
    queryFn: ({ signal }) => ownBrand(signal),
    meta: { silentError: true },
  });
  const save = useMutation({
    mutationFn: saveBrand,
    onSuccess: (data) => {
      client.setQueryData(['portal', 'brand'], data);
      message.success(t('neutral.brand.saved'));
    },
  });
  const brand = own.data?.brand;
  useEffect(() => {
    if (brand) form.setFieldsValue(brand);
  }, [brand, form]);

  if (own.isError && !own.data)
    return (
      <Card title={t('menu.neutral.brand')}>
        <LoadFailed error={own.error} onRetry={() => own.refetch()} retrying={own.isFetching} />
      </Card>
    );
  if (!own.data)
    return (
      <Card title={t('menu.neutral.brand')}>
        <Skeleton active />
      </Card>
    );
  if (!own.data.neutral)
    return (
      <Card title={t('menu.neutral.brand')} data-testid="brand-page">
        <Alert
          type="info"
          showIcon
          title={t('neutral.brand.notNeutral')}
          action={
            <Link to="/neutral">
              <Button size="small">{t('menu.neutral.intro')}</Button>
            </Link>
          }
        />
      </Card>
    );
  return (
    <Card title={t('menu.neutral.brand')} data-testid="brand-page">
      <FormAlert error={save.error} form={form} />
      <Form<BrandInput>
        form={form}
        layout="horizontal"
        labelCol={{ xs: 24, md: 6 }}
        wrapperCol={{ xs: 24, md: 14 }}
        initialValues={{ primaryColor: DEFAULT_COLOR, icp: '', favicon: null, background: null }}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 860 }}
      >
        <Form.Item name="name" label={t('neutral.brand.name')} rules={[required(t('neutral.brand.nameRequired'))]}>
          <Input maxLength={30} data-testid="brand-name" />
        </Form.Item>
        <Form.Item
          name="logo"
          label={t('neutral.brand.logo')}
          extra={t('neutral.brand.logoHint')}
          rules={[{ required: true, message: t('neutral.brand.logoRequired') }]}
        >
          <ImageField purpose="logo" testId="brand-logo" preview={{ width: 106, height: 60 }} />
        </Form.Item>
        <Form.Item name="favicon" label={t('neutral.brand.favicon')} extra={t('neutral.brand.faviconHint')}>
          <ImageField purpose="image" testId="brand-favicon" preview={{ width: 48, height: 48 }} />
        </Form.Item>
        <Form.Item name="background" label={t('neutral.brand.background')}>
          <ImageField purpose="image" testId="brand-background" preview={{ width: 160, height: 90 }} />
        </Form.Item>
        <Form.Item
          name="primaryColor"
          label={t('neutral.brand.color')}
          getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
        >
          <ColorPicker showText disabledAlpha />
        </Form.Item>
        <Form.Item name="icp" label={t('neutral.brand.icp')}>
          <Input maxLength={100} placeholder="沪ICP备00000000号" data-testid="brand-icp" />
        </Form.Item>
        <Form.Item
          name="domain"
          label={t('neutral.brand.domain')}
          extra={t('neutral.brand.domainHint')}
          rules={[required(t('neutral.brand.domainRequired')), schemaRule(brandInput.shape.domain)]}
        >
          <Input placeholder="console.example.com" data-testid="brand-domain" />
        </Form.Item>
        <Form.Item wrapperCol={{ md: { offset: 6, span: 14 } }}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="brand-save">
            {t('neutral.brand.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
