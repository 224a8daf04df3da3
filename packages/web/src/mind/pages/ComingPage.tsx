import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitleKey } from '../shell/title.ts';

/** A page whose feature ships in a later release: its title and an honest word, inside the layout. */
export function ComingPage() {
  const { t } = useTranslation();
  const titleKey = useTitleKey();
  return (
    <Result
      data-testid="mind-coming"
      icon={<ClockCircleOutlined style={{ color: '#2f6bd8' }} />}
      title={titleKey ? t(titleKey) : t('appName')}
      subTitle={t('coming.description')}
      extra={
        <Link to="/data/home">
          <Button type="primary">{t('coming.home')}</Button>
        </Link>
      }
    />
  );
}
