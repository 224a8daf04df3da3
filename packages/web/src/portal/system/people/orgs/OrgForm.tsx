import { canPlaceOrg, ORG_TYPE_NAMES, ORG_TYPES, type OrgTypeName, orgCode, orgName } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { required, schemaRule } from '../../../../shared/forms/rules.ts';
import { currentLang } from '../../../../shared/i18n.ts';
import type { OrgNode } from '../../../../shared/people/api.ts';
import { addOrg, moveOrg, renameOrg } from '../api.ts';
import { PlaceSelect } from '../PlaceSelect.tsx';

export type OrgFormMode =
  | { kind: 'add'; parent: OrgNode | null }
  | { kind: 'rename'; node: OrgNode }
  | { kind: 'move'; node: OrgNode };

interface Values {
  type?: OrgTypeName;
  name?: string;
  code?: string;
  parentId?: number;
}

/** Adds a node under another (only the kinds that may sit there), renames one, or moves one. */
export function OrgForm({
  mode,
  onClose,
  onSaved,
}: {
  mode: OrgFormMode;
  onClose(): void;
  onSaved(node: OrgNode, parents: Array<number | null>): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const parentType = mode.kind === 'add' ? (mode.parent?.type ?? null) : null;
  const types = ORG_TYPES.filter((type) => canPlaceOrg(type, parentType));
  const save = useMutation({
    mutationFn: async (values: Values): Promise<[OrgNode, Array<number | null>]> => {
      if (mode.kind === 'add') {
        const node = await addOrg({
          parentId: mode.parent?.id ?? null,
          type: values.type ?? 'school',
          name: values.name?.trim() ?? '',
          ...(values.code?.trim() ? { code: values.code.trim() } : {}),
        });
        return [node, [mode.parent?.id ?? null]];
      }
      if (mode.kind === 'rename') {
        const node = await renameOrg({
          id: mode.node.id,
          name: values.name?.trim() ?? '',
          code: values.code?.trim() ?? '',
        });
        return [node, [mode.node.parentId]];
      }
      const node = await moveOrg(mode.node.id, values.parentId ?? 0);
      return [node, [mode.node.parentId, values.parentId ?? null]];
    },
    onSuccess: ([node, parents]) => {
      message.success(t('system.people.saved'));
      onSaved(node, parents);
    },
    onError: notifyError,
  });
  const title =
    mode.kind === 'add'
      ? mode.parent
        ? t('system.people.orgs.addUnder', { name: mode.parent.name })
        : t('system.people.orgs.addTop')
      : mode.kind === 'rename'
        ? t('system.people.orgs.renameTitle', { name: mode.node.name })
        : t('system.people.orgs.moveTitle', { name: mode.node.name });
  return (
    <Modal
      open
      title={title}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      okText={t('system.save')}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="org-form"
        initialValues={
          mode.kind === 'rename'
            ? { name: mode.node.name, code: mode.node.code ?? '' }
            : mode.kind === 'add'
              ? { type: types[0] }
              : {}
        }
        onFinish={(values) => save.mutate(values)}
      >
        {mode.kind === 'add' && (
          <Form.Item name="type" label={t('system.people.orgs.type')} rules={[{ required: true }]}>
            <Select options={types.map((type) => ({ value: type, label: ORG_TYPE_NAMES[type][currentLang()] }))} />
          </Form.Item>
        )}
        {mode.kind !== 'move' && (
          <>
            <Form.Item
              name="name"
              label={t('system.people.col.name')}
              rules={[required(t('system.people.orgs.needName')), schemaRule(orgName)]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="code" label={t('system.people.orgs.code')} rules={[schemaRule(orgCode)]}>
              <Input maxLength={32} />
            </Form.Item>
          </>
        )}
        {mode.kind === 'move' && (
          <Form.Item
            name="parentId"
            label={t('system.people.orgs.newParent')}
            rules={[{ required: true, message: t('system.people.orgs.needParent') }]}
          >
            <PlaceSelect placeholder={t('system.people.orgs.needParent')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
