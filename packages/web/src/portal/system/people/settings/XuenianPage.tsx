import { PlusOutlined } from '@ant-design/icons';
import { schoolYearName } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Flex, Form, Input, Modal, Skeleton, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { required, schemaRule } from '../../../../shared/forms/rules.ts';
import { LoadFailed } from '../../../../shared/lists/LoadFailed.tsx';
import { usePermissions } from '../../access.ts';
import { addSchoolYear, type SchoolYear, schoolYears, setCurrentSemester } from '../api.ts';

type Range = [Dayjs, Dayjs];
interface Values {
  name: string;
  year: Range;
  first: Range;
  second?: Range;
}
const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The district's school years and their semesters; exactly one semester is current. */
export function XuenianPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<Values>();
  const years = useQuery({
    queryKey: ['people', 'xuenian'],
    queryFn: ({ signal }) => schoolYears(signal),
    meta: { silentError: true },
  });
  const mayAdd = permissions.can({ path: '/system/xuenian', code: 'add' });
  const mayEdit = permissions.can({ path: '/system/xuenian', code: 'edit' });
  const done = async () => {
    message.success(t('system.people.saved'));
    await queryClient.invalidateQueries({ queryKey: ['people', 'xuenian'] });
  };
  const save = async (v: Values) => {
    try {
      await addSchoolYear({
        name: v.name.trim(),
        startDate: day(v.year[0]),
        endDate: day(v.year[1]),
        semesters: [
          { term: 1, startDate: day(v.first[0]), endDate: day(v.first[1]) },
          ...(v.second ? [{ term: 2 as const, startDate: day(v.second[0]), endDate: day(v.second[1]) }] : []),
        ],
      });
      setAdding(false);
      await done();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Card
      data-testid="xuenian-page"
      title={t('system.route.xuenian')}
      extra={
        mayAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setAdding(true);
            }}
          >
            {t('system.people.xuenian.add')}
          </Button>
        )
      }
    >
      {years.isPending ? (
        <Skeleton active />
      ) : years.isError ? (
        <LoadFailed error={years.error} onRetry={() => years.refetch()} retrying={years.isFetching} />
      ) : years.data.length === 0 ? (
        <Empty description={t('system.people.xuenian.empty')} />
      ) : (
        <Table<SchoolYear>
          rowKey="id"
          size="middle"
          dataSource={years.data}
          pagination={years.data.length > 10 ? { pageSize: 10 } : false}
          columns={[
            {
              title: t('system.people.xuenian.name'),
              key: 'name',
              width: 160,
              render: (_v, y) => (
                <Flex gap={6}>
                  {y.name}
                  {y.current && <Tag color="green">{t('system.people.xuenian.current')}</Tag>}
                </Flex>
              ),
            },
            {
              title: t('system.people.xuenian.dates'),
              key: 'dates',
              width: 220,
              render: (_v, y) => `${y.startDate} ~ ${y.endDate}`,
            },
            {
              title: t('system.people.xuenian.semester1'),
              key: 'semesters',
              render: (_v, y) => (
                <Flex vertical gap={4}>
                  {y.semesters.map((s) => (
                    <Flex key={s.id} gap={8} align="center" wrap>
                      <span>
                        {s.name}: {s.startDate} ~ {s.endDate}
                      </span>
                      {s.current ? (
                        <Tag color="green">{t('system.people.xuenian.current')}</Tag>
                      ) : (
                        mayEdit && (
                          <Button
                            size="small"
                            type="link"
                            onClick={() => setCurrentSemester(s.id).then(done, notifyError)}
                          >
                            {t('system.people.xuenian.setCurrent')}
                          </Button>
                        )
                      )}
                    </Flex>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={adding}
        title={t('system.people.xuenian.add')}
        okText={t('system.save')}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        forceRender
      >
        <Form<Values> form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="name"
            label={t('system.people.xuenian.name')}
            rules={[required(t('system.people.xuenian.needName')), schemaRule(schoolYearName)]}
          >
            <Input placeholder={t('system.people.xuenian.namePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="year"
            label={t('system.people.xuenian.dates')}
            rules={[{ required: true, message: t('system.people.xuenian.needDates') }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="first"
            label={t('system.people.xuenian.semester1')}
            rules={[{ required: true, message: t('system.people.xuenian.needDates') }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="second" label={t('system.people.xuenian.semester2')}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
