import type { ThemeConfig } from 'antd';

/** Meridian's look: a calm blue on quiet grey, the restraint of Chinese enterprise admin software. */
export const meridianTheme: ThemeConfig = {
  token: {
    colorPrimary: '#2f6bd8',
    colorInfo: '#2f6bd8',
    colorLink: '#2f6bd8',
    colorBgLayout: '#f3f5f9',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 24px', siderBg: '#0f2240' },
    Menu: {
      darkItemBg: '#0f2240',
      darkSubMenuItemBg: '#0b1a33',
      darkItemSelectedBg: '#2f6bd8',
      darkGroupTitleColor: 'rgba(255, 255, 255, 0.45)',
      groupTitleFontSize: 12,
    },
  },
};
