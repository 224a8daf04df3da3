import type { Messages } from '../i18n.ts';

/** Strings every app shows: the language switch, loading, the in-app 404 and error pages. */
export const zhCN = {
  product: 'Meridian',
  lang: { label: '界面语言' },
  loading: '正在加载…',
  comingSoon: '即将推出',
  account: {
    menu: '账号菜单',
    center: '个人中心',
    signOut: '退出登录',
    runAs: '您正在以 {{name}} 的身份操作，退出登录即结束代登录',
  },
  list: {
    search: '查询',
    reset: '重置',
    total: '共 {{total}} 条',
    loadFailed: '数据加载失败',
    retry: '重试',
  },
  signIn: { notAccepted: '登录失败，请重新登录' },
  reveal: { show: '查看', title: '查看完整号码（将记入审计日志）' },
  notFound: {
    title: '页面不存在',
    description: '您访问的页面不存在或已被移除，请检查地址是否正确。',
    home: '返回首页',
  },
  crash: {
    title: '页面出错了',
    description: '页面遇到了意外问题。请刷新重试；若问题持续出现，请联系系统管理员。',
    reload: '刷新页面',
  },
} satisfies Messages;

export type CommonMessages = typeof zhCN;
