import { type Lang, toLang } from '@meridian/contracts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyLoadFailure } from './feedback.tsx';
import { changeLang, currentLang } from './i18n.ts';

// Each language is named in itself, so a reader who cannot read the current one still finds theirs.
const options: { label: string; value: Lang }[] = [
  { label: '中文', value: 'zh-CN' },
  { label: 'English', value: 'en' },
];

interface LanguageSwitchProps {
  size?: 'small' | 'middle' | 'large';
  /** Signed-in frames keep the choice on the account too. */
  onChanged?(lang: Lang): void;
}

export function LanguageSwitch({ size = 'small', onChanged }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation('common');
  return (
    <div data-testid="lang-switch">
      <Segmented<Lang>
        aria-label={t('lang.label')}
        size={size}
        options={options}
        value={toLang(i18n.language) ?? currentLang()}
        onChange={(lang) => {
          changeLang(lang).catch(notifyLoadFailure);
          onChanged?.(lang);
        }}
      />
    </div>
  );
}
