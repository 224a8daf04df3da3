import { DEFAULT_LANG, type Lang, toLang } from '@meridian/contracts';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentBrand } from './brand.ts';
import { FeedbackApp, useFeedback } from './FeedbackApp.tsx';
import { lendFeedback } from './feedback.tsx';
import { i18n, onLanguage } from './i18n.ts';
import { meridianTheme } from './theme.ts';

// The ES module builds of antd's locales: `antd/locale/*` are CommonJS shims over a second copy.
// English is fetched with the app's English strings, when a reader chooses it.
const antdLocales: Partial<Record<Lang, Locale>> = { 'zh-CN': zhCN };
const dayjsLocales: Record<Lang, string> = { 'zh-CN': 'zh-cn', en: 'en' };

// Module scope: these run once, when antd first loads (at start, or with H5's first antd page).
void onLanguage(async (lang) => {
  if (lang === 'en' && !antdLocales.en) antdLocales.en = (await import('antd/es/locale/en_US')).default;
});
const applyDayjs = (tag: string) => void dayjs.locale(dayjsLocales[toLang(tag) ?? DEFAULT_LANG]);
applyDayjs(i18n.language);
i18n.on('languageChanged', applyDayjs);

interface AntdProvidersProps {
  children: ReactNode;
  /** An app's own adjustments over the Meridian theme (H5 enlarges controls for touch). */
  theme?: ThemeConfig;
}

/** Ant Design in the reader's language and the Meridian theme, with its feedback lent to `notifyError`. */
export function AntdProviders({ children, theme }: AntdProvidersProps) {
  const { i18n: instance } = useTranslation();
  const lang = toLang(instance.language) ?? DEFAULT_LANG;
  return (
    <ConfigProvider locale={antdLocales[lang] ?? zhCN} theme={brandTheme()}>
      <ConfigProvider theme={theme}>
        <FeedbackApp>
          <FeedbackBridge />
          {children}
        </FeedbackApp>
      </ConfigProvider>
    </ConfigProvider>
  );
}

/** Meridian's theme, in the primary colour of the domain's brand when there is one (decision 0116). */
function brandTheme(): ThemeConfig {
  const brand = currentBrand();
  return brand
    ? {
        ...meridianTheme,
        token: {
          ...meridianTheme.token,
          colorPrimary: brand.primaryColor,
          colorInfo: brand.primaryColor,
          colorLink: brand.primaryColor,
        },
      }
    : meridianTheme;
}

function FeedbackBridge(): null {
  const api = useFeedback();
  useEffect(() => lendFeedback(api), [api]);
  return null;
}
