import { managerName, phone, projectName } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { showFieldErrors } from '../components/errors.ts';
import { OwnerSelect } from '../components/lookups.tsx';
import { createProject, type ProjectFields, type ProjectView, updateProject } from './api.ts';

const blank = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** A project's name, manager (an account of mine, or just a name), phone and remark. */
export function ProjectForm({ project, open, onClose }: { project?: ProjectView; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProjectFields>();
  const managerId = Form.useWatch('managerId', form);
  const save = useMutation({
    mutationFn: (values: ProjectFields) => {
      const fields = {
        name: values.name.trim(),
        managerId: values.managerId ?? null,
        managerName: values.managerId ? null : blank(values.managerName),
        phone: blank(values.phone),
        remark: blank(values.remark),
      };
      return project ? updateProject(project.id, fields) : createProject(fields);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('projects.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open={open}
      title={project ? t('projects.editTitle') : t('projects.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<ProjectFields>
        form={form}
        layout="vertical"
        name="project"
        initialValues={project ? { ...project, managerName: project.managerId ? null : project.managerName } : {}}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('projects.field.name')}
          rules={[required(t('projects.nameRequired')), schemaRule(projectName)]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="managerId" label={t('projects.field.manager')} extra={t('projects.managerHint')}>
          <OwnerSelect />
        </Form.Item>
        {!managerId && (
          <Form.Item name="managerName" label={t('projects.field.managerName')} rules={[schemaRule(managerName)]}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="phone" label={t('projects.field.phone')} rules={[schemaRule(phone)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('projects.field.remark')}
          rules={[{ max: 200, message: t('projects.remarkMax') }]}
        >
          <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
