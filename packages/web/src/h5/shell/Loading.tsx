import { useTranslation } from 'react-i18next';

/** Shown while a page's code arrives: a spinner and its words, as the admin apps' PageLoading. */
export function H5Loading() {
  const { t } = useTranslation('common');
  return (
    <div data-testid="page-loading" className="h5-centre" role="status">
      <span className="h5-spin" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
