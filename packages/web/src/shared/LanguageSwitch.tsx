import { type Lang, toLang } from '@meridian/contracts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLang, currentLang } from './i18n.ts';

// Each language is named in itself, so a reader who cannot read the current one still finds theirs.
const options: { label: string; value: Lang }[] = [
  { label: '中文', value: 'zh-CN' },
  { label: 'English', value: 'en' },
];

export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'middle' | 'large' }) {
  const { t, i18n } = useTranslation('common');
  return (
    <div data-testid="lang-switch">
      <Segmented<Lang>
        aria-label={t('lang.label')}
        size={size}
        options={options}
        value={toLang(i18n.language) ?? currentLang()}
        onChange={(lang) => void changeLang(lang)}
      />
    </div>
  );
}
