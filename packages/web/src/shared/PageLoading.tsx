import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code arrives. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Flex data-testid="page-loading" align="center" justify="center" style={{ minHeight: '40vh' }}>
      <Spin size="large" description={t('loading')} />
    </Flex>
  );
}
