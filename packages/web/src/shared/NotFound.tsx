import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The in-app 404: the address is under an app, but no page of that app answers it. */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <Result
      data-testid="not-found"
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description')}
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.home')}</Button>
        </Link>
      }
    />
  );
}
