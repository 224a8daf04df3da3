import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The in-app refusal of a page the current role does not grant (the server refuses its calls too). */
export function NoPermission() {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="no-permission"
      status="403"
      title={t('system.noPermission.title')}
      subTitle={t('system.noPermission.text')}
      extra={
        <Link to="/">
          <Button type="primary">{t('system.noPermission.home')}</Button>
        </Link>
      }
    />
  );
}
