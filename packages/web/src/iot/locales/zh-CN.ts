import type { Messages } from '../../shared/i18n.ts';
import { alarmsZhCN } from './alarms.ts';
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
    operations: '运营中心',
    billing: '订单与充值',
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
} satisfies Messages;

export type IotMessages = typeof zhCN;
