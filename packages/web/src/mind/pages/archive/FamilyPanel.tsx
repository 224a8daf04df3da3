import {
  ARCHIVE_LIMITS,
  FAMILY_ECONOMY,
  FAMILY_STRUCTURES,
  type FamilyInfoSave,
  LIVING_WITH,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Flex, Form, Input, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { useCan } from '../assessments/can.ts';
import { type FamilyInfo, familyOf, saveFamily } from './api.ts';
import { isNotFound, ParentTags, StudentNotFound, timeText } from './common.tsx';
import './strings.ts';

type Values = Omit<FamilyInfoSave, 'studentId'>;

/** The family form: structure, whom the student lives with, means, left-behind, guardian and notes. */
function FamilyForm({ family, onDone }: { family: FamilyInfo; onDone(saved: boolean): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveFamily({
        studentId: family.studentId,
        ...values,
        guardian: values.guardian?.trim() || null,
        notes: values.notes?.trim() || null,
      }),
    onSuccess: () => onDone(true),
    meta: { silentError: true },
  });
  const need = [{ required: true, message: t('archive.family.required') }];
  const choices = (codes: readonly string[], group: string) =>
    codes.map((c) => ({ value: c, label: t(`archive.family.${group}.${c}`) }));
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      data-testid="family-form"
      onFinish={(values) => save.mutate(values)}
      initialValues={{
        structure: family.structure || undefined,
        livingWith: family.livingWith || undefined,
        economy: family.economy || undefined,
        leftBehind: family.leftBehind,
        guardian: family.guardian ?? '',
        notes: family.notes ?? '',
      }}
    >
      <FormAlert error={save.error} form={form} />
      <Form.Item name="structure" label={t('archive.family.structure')} rules={need}>
        <Select data-testid="family-structure" options={choices(FAMILY_STRUCTURES, 'structures')} />
      </Form.Item>
      <Form.Item name="livingWith" label={t('archive.family.livingWith')} rules={need}>
        <Select data-testid="family-living" options={choices(LIVING_WITH, 'living')} />
      </Form.Item>
      <Form.Item name="economy" label={t('archive.family.economy')} rules={need}>
        <Select data-testid="family-economy" options={choices(FAMILY_ECONOMY, 'economies')} />
      </Form.Item>
      <Form.Item name="leftBehind" label={t('archive.family.leftBehind')}>
        <Radio.Group
          options={[
            { value: true, label: t('archive.family.yes') },
            { value: false, label: t('archive.family.no') },
          ]}
        />
      </Form.Item>
      <Form.Item name="guardian" label={t('archive.family.guardian')}>
        <Input maxLength={ARCHIVE_LIMITS.shortMax} />
      </Form.Item>
      <Form.Item name="notes" label={t('archive.family.notes')}>
        <Input.TextArea rows={3} maxLength={ARCHIVE_LIMITS.notesMax} showCount />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="family-save">
          {t('archive.family.save')}
        </Button>
        <Button onClick={() => onDone(false)}>{t('archive.family.cancel')}</Button>
      </Flex>
    </Form>
  );
}

/** `FamilyInfo` and the file's family tab: the family as recorded, with the parents of the roster. */
export function FamilyPanel({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/studentFile');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const family = useQuery({
    queryKey: ['archive', 'family', studentId],
    queryFn: ({ signal }) => familyOf(studentId, signal),
    meta: { silentError: true },
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
  if (family.isPending) return <Skeleton active />;
  if (family.isError)
    return isNotFound(family.error) ? (
      <StudentNotFound />
    ) : (
      <LoadFailed error={family.error} onRetry={() => family.refetch()} retrying={family.isFetching} />
    );
  const f = family.data;
  if (editing)
    return (
      <FamilyForm
        family={f}
        onDone={(saved) => {
          setEditing(false);
          if (!saved) return;
          message.success(t('archive.family.saved'));
          void queryClient.invalidateQueries({ queryKey: ['archive'] });
        }}
      />
    );
  const label = (group: string, code: string) => (code ? t(`archive.family.${group}.${code}`) : '-');
  return (
    <div data-testid="family-panel">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {f.updatedAt ? t('archive.family.updatedAt', { at: timeText(f.updatedAt) }) : t('archive.family.notFilled')}
        </Typography.Text>
        {can('edit') && (
          <Button onClick={() => setEditing(true)} data-testid="family-edit">
            {t('archive.family.edit')}
          </Button>
        )}
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('archive.family.structure')}>{label('structures', f.structure)}</Descriptions.Item>
        <Descriptions.Item label={t('archive.family.livingWith')}>{label('living', f.livingWith)}</Descriptions.Item>
        <Descriptions.Item label={t('archive.family.economy')}>{label('economies', f.economy)}</Descriptions.Item>
        <Descriptions.Item label={t('archive.family.leftBehind')}>
          {f.updatedAt ? (f.leftBehind ? t('archive.family.yes') : t('archive.family.no')) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('archive.family.guardian')}>{f.guardian || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('archive.base.parents')}>
          <ParentTags parents={f.parents} />
        </Descriptions.Item>
        <Descriptions.Item label={t('archive.family.notes')} span={2}>
          {f.notes || '-'}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
