import type { Messages } from '../../shared/i18n.ts';
import { alarmsZhCN } from './alarms.ts';
import { billingZhCN } from './billing.ts';
import { configZhCN } from './config.ts';
import { dataZhCN } from './data.ts';
import { devicesZhCN } from './devices.ts';
import { firmwareZhCN } from './firmware.ts';
import { maintenanceZhCN } from './maintenance.ts';
import { projectsZhCN } from './projects.ts';
import { tasksZhCN } from './tasks.ts';
import { templatesZhCN } from './templates.ts';
import { upgradeZhCN } from './upgrade.ts';
import { usersZhCN } from './users.ts';
import { workOrdersZhCN } from './workorders.ts';

export const zhCN = {
  appName: '设备云',
  unitLogo: '单位标志',
  route: { home: '首页', device: '设备详情', template: '编辑模板', templateNew: '添加模板' },
  menu: {
    home: '首页',
    devices: {
      title: '设备管理',
      overview: '设备概览',
      list: '设备列表',
      map: '设备地图',
      tags: '设备分组',
      warranty: '保修期管理',
      history: '历史数据',
      records: '设备上下线记录',
    },
    templates: { title: '设备模板', list: '我的模板', library: '内置设备库' },
    scada: { title: '云组态', screens: '组态列表' },
    alarms: {
      title: '报警与触发器',
      triggers: '触发器列表',
      record: '报警记录',
      today: '今日报警',
      notifications: '报警通知',
      contacts: '联系人',
    },
    tasks: { title: '定时任务', list: '定时任务', records: '执行记录', log: '执行日志', monitor: '任务监控' },
    firmware: { title: '固件升级', management: '固件管理', upgrades: '升级任务' },
    config: { title: '远程配置', application: '配置应用', devices: '设备配置' },
    network: { title: '网络监控', dtu: 'DTU 管理', onlineRate: 'DTU 在线率' },
    video: '视频监控',
    maintenance: { title: '维保与工单', workOrders: '维修工单', plans: '维保计划' },
    projects: { title: '项目管理', list: '项目', statistics: '项目数量统计', users: '下级用户' },
    operations: { title: '运营中心', center: '运营统计', recovery: '日故障恢复率' },
    billing: {
      title: '订单与充值',
      membership: '会员服务',
      orders: '订单',
      recharge: '充值记录',
      settlement: '结算明细',
    },
    settings: {
      title: '系统设置',
      emailServer: '邮件服务器',
      emailTemplate: '邮件模板',
      sms: '短信与语音',
      wechatPush: '微信推送',
      mobilePush: '手机端推送',
    },
  },
  ui: {
    save: '保存',
    cancel: '取消',
    edit: '编辑',
    delete: '删除',
    more: '更多',
    actions: '操作',
    all: '全部',
    on: '开',
    off: '关',
    total: '共 {{total}} 条',
    noChoices: '没有可选项',
  },
  ...devicesZhCN,
  ...templatesZhCN,
  ...projectsZhCN,
  ...usersZhCN,
  ...dataZhCN,
  ...configZhCN,
  ...alarmsZhCN,
  ...tasksZhCN,
  ...firmwareZhCN,
  ...upgradeZhCN,
  ...workOrdersZhCN,
  ...maintenanceZhCN,
  ...billingZhCN,
  home: {
    heading: '欢迎使用设备云',
    intro: '接入 DTU、PLC、仪表和摄像头，实时采集数据，在设备异常时第一时间通知到人。',
    stepsTitle: '四步接入设备',
    steps: {
      add: { title: '添加设备', content: '通过 SN 加 MAC/IMEI 或设备 ID 添加，也可用 Excel 批量导入。' },
      template: { title: '配置模板', content: '定义从机与数据点：寄存器地址、数据类型、精度和采集公式。' },
      alarm: { title: '设置报警', content: '为数据点设定报警条件与死区，选择邮件、短信或微信通知联系人。' },
      watch: { title: '查看数据', content: '实时数据、历史曲线、设备地图与云组态画面。' },
    },
    devicesTitle: '我的设备',
    noDevices: '还没有接入设备',
    noDevicesHint: '点击“添加设备”：逐台添加、批量添加或用 Excel 导入。',
    addDevice: '添加设备',
  },
  ops: {
    empty: '还没有统计数据：每天 01:00 统计前一天，每月 1 日统计上个月',
    notYet: '尚未统计：每天 01:00 统计前一天',
    through: '已统计至 {{day}}（每天 01:00 统计前一天）',
    export: '导出 Excel',
    exportName: '运营统计.xlsx',
    window: { days: '最近 30 天', months: '最近 12 个月' },
    chart: { online: '设备与在线率', recovery: '报警与故障恢复', orders: '工单', usage: '数据量与活跃用户' },
    table: { days: '每日统计', months: '每月统计' },
    recovery: { overall: '近 30 天故障恢复率' },
    total: {
      devicesTotal: '设备总数',
      devicesAdded: '新增设备',
      onlineRate: '平均在线率',
      alarmsRaised: '报警数',
      recoveryRate: '故障恢复率',
      ordersOpened: '新建工单',
      ordersOverdue: '超时工单',
      meanResponse: '平均响应（小时）',
      meanRepair: '平均维修（小时）',
      values: '数据量',
      peakUsers: '活跃用户（峰值）',
    },
    f: {
      period: '日期',
      day: '日期',
      devicesTotal: '设备总数',
      devicesAdded: '新增设备',
      onlineRate: '在线率',
      alarmsRaised: '报警数',
      alarmsRestored: '当日恢复报警',
      faultsRaised: '故障数',
      faultsRecovered: '当日恢复故障',
      raised: '报警与故障',
      restored: '当日恢复',
      recoveryRate: '故障恢复率',
      ordersOpened: '新建工单',
      ordersClosed: '关闭工单',
      ordersOverdue: '超时工单',
      meanResponse: '平均响应（小时）',
      meanRepair: '平均维修（小时）',
      values: '数据量',
      activeUsers: '活跃用户',
    },
  },
} satisfies Messages;

export type IotMessages = typeof zhCN;
