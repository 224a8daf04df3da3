import { DEFAULT_LANG, type Lang, toLang } from '@meridian/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { FeedbackBridge } from './feedback.tsx';
import { i18n } from './i18n.ts';
import { createQueryClient } from './queryClient.ts';
import { meridianTheme } from './theme.ts';

// The ES module builds of antd's locales: `antd/locale/*` are CommonJS shims over a second copy.
const antdLocales: Record<Lang, Locale> = { 'zh-CN': zhCN, en: enUS };

interface AppProvidersProps {
  children: ReactNode;
  /** An app's own adjustments over the Meridian theme (H5 enlarges controls for touch). */
  theme?: ThemeConfig;
}

/** What every entry renders inside: i18n, queries, and Ant Design in the reader's language. */
export function AppProviders({ children, theme }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedAntd theme={theme}>{children}</LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

function LocalizedAntd({ children, theme }: AppProvidersProps) {
  const { i18n: instance } = useTranslation();
  const lang = toLang(instance.language) ?? DEFAULT_LANG;
  return (
    <ConfigProvider locale={antdLocales[lang]} theme={meridianTheme}>
      <ConfigProvider theme={theme}>
        <App>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </ConfigProvider>
  );
}
