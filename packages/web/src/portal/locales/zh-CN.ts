import type { Messages } from '../../shared/i18n.ts';

export const zhCN = {
  appName: 'Meridian 统一门户',
  portal: '统一门户',
  route: { home: '首页' },
  home: {
    heading: '欢迎使用 Meridian',
    intro: '设备云与心理健康管理平台共用一个门户：一个账号登录，统一管理组织、角色与权限。',
    open: '进入{{name}}',
  },
  apps: {
    iot: {
      name: '设备云',
      description: '接入并监控 DTU、PLC、仪表和摄像头等工业设备，配置报警、定时任务与云组态。',
      features: { access: '设备接入', live: '实时数据', alarms: '报警与联动', tasks: '定时任务', scada: '云组态' },
    },
    mind: {
      name: '心理健康',
      description: '面向教育局与学校的心理测评、预警干预、学生档案与数据看板。',
      features: {
        scales: '量表测评',
        warnings: '预警干预',
        archives: '学生档案',
        dashboards: '数据看板',
        docking: '省平台对接',
      },
    },
  },
  status: {
    label: '系统状态',
    checking: '正在检查服务…',
    up: '运行正常',
    unreachable: '无法连接服务，请稍后刷新重试',
    version: '版本 {{version}}',
    engine: '数据库 {{engine}}',
  },
  footer: '© {{year}} Meridian · 设备云 · 心理健康',
} satisfies Messages;

export type PortalMessages = typeof zhCN;
