import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** The search and reset buttons at the end of a list's filter form. */
export function SearchButtons({ testId, onReset }: { testId: string; onReset(): void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" data-testid={testId}>
          {t('ui.search')}
        </Button>
        <Button onClick={onReset}>{t('ui.reset')}</Button>
      </Flex>
    </Form.Item>
  );
}
