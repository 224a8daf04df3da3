import { type Lang, toLang } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { notifyLoadFailure } from '../../shared/feedback.tsx';
import { changeLang, currentLang } from '../../shared/i18n.ts';

// The same choice as the shared LanguageSwitch, without antd's Segmented (decision 0051).
const options: { label: string; value: Lang }[] = [
  { label: '中文', value: 'zh-CN' },
  { label: 'English', value: 'en' },
];

export function LanguageToggle() {
  const { t, i18n } = useTranslation('common');
  const shown = toLang(i18n.language) ?? currentLang();
  return (
    <fieldset data-testid="lang-switch" aria-label={t('lang.label')} className="h5-segmented">
      {options.map(({ label, value }) => (
        <button
          key={value}
          type="button"
          aria-pressed={value === shown}
          onClick={() => {
            if (value !== shown) changeLang(value).catch(notifyLoadFailure);
          }}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
