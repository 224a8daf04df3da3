/**
 * The code lists 0006 writes: the statuses and options both specs name. A snapshot: later changes
 * go in new migrations.
 */

export type Item = [code: string, label: string, labelEn: string];
export interface SeedDict {
  type: string;
  name: string;
  en: string;
  items: Item[];
}

const intervals: Item[] = [
  ...[1, 2, 3, 5, 10, 15, 20, 30].map((n): Item => [String(n), `${n} 秒`, `${n} s`]),
  ...[1, 2, 3, 5, 10, 15, 20, 30].map((n): Item => [String(n * 60), `${n} 分钟`, `${n} min`]),
  ...[1, 5].map((n): Item => [String(n * 3600), `${n} 小时`, `${n} h`]),
  ...[1, 5, 15].map((n): Item => [String(n * 86400), `${n} 天`, `${n} d`]),
];

/** Codes are stable identifiers; query frequencies are seconds, advance times days. */
export const DICTS: SeedDict[] = [
  {
    type: 'device_status',
    name: '设备状态',
    en: 'Device status',
    items: [
      ['online', '在线', 'Online'],
      ['offline', '离线', 'Offline'],
      ['alarm', '报警', 'Alarm'],
      ['fault', '故障', 'Fault'],
    ],
  },
  {
    type: 'alarm_state',
    name: '报警状态',
    en: 'Alarm state',
    items: [
      ['not_restored', '未恢复', 'Not restored'],
      ['restored', '已恢复', 'Restored'],
    ],
  },
  {
    type: 'alarm_processing',
    name: '报警处理状态',
    en: 'Alarm processing',
    items: [
      ['unprocessed', '未处理', 'Unprocessed'],
      ['processed', '已处理', 'Processed'],
      ['misreport', '误报', 'Misreport'],
    ],
  },
  {
    type: 'work_order_status',
    name: '工单状态',
    en: 'Work order status',
    items: [
      ['pending', '待处理', 'Pending'],
      ['accepted', '已接单', 'Accepted'],
      ['sent', '已派单', 'Sent'],
      ['ended', '已完结', 'Ended'],
      ['closed', '已关闭', 'Closed'],
    ],
  },
  {
    type: 'maintenance_plan_status',
    name: '维保计划状态',
    en: 'Maintenance plan status',
    items: [
      ['not_started', '未开始', 'Not started'],
      ['waiting', '待维保', 'Waiting for maintenance'],
      ['ended', '已结束', 'Ended'],
    ],
  },
  {
    type: 'order_status',
    name: '订单状态',
    en: 'Order status',
    items: [
      ['unpaid', '未支付', 'Unpaid'],
      ['paid', '已支付', 'Paid'],
      ['cancelled', '已取消', 'Cancelled'],
      ['expired', '已过期', 'Expired'],
    ],
  },
  {
    type: 'invoice_status',
    name: '发票状态',
    en: 'Invoice status',
    items: [
      ['not_applied', '未申请', 'Not applied'],
      ['applied', '已申请', 'Applied'],
      ['in_audit', '审核中', 'In audit'],
      ['arrived', '已送达', 'Arrived'],
    ],
  },
  {
    type: 'delivery_status',
    name: '配送状态',
    en: 'Delivery status',
    items: [
      ['unshipped', '未发货', 'Unshipped'],
      ['shipped', '已发货', 'Shipped'],
    ],
  },
  {
    type: 'membership',
    name: '会员等级',
    en: 'Membership',
    items: [
      ['0', '非会员', 'Non-member'],
      ['1', '一级会员', 'Level-1 member'],
      ['2', '中性会员', 'Neutral member'],
    ],
  },
  { type: 'query_frequency', name: '查询频率', en: 'Query frequency', items: intervals },
  {
    type: 'firmware_upgrade_status',
    name: '固件升级状态',
    en: 'Firmware upgrade status',
    items: [
      ['pending', '待升级', 'To be upgraded'],
      ['upgrading', '升级中', 'Upgrading'],
      ['success', '成功', 'Success'],
      ['failed', '失败', 'Failed'],
    ],
  },
  {
    type: 'firmware_type',
    name: '固件类型',
    en: 'Firmware type',
    items: [
      ['full', '全量', 'Full'],
      ['incremental', '增量', 'Incremental'],
    ],
  },
  {
    type: 'configuration_status',
    name: '配置状态',
    en: 'Configuration status',
    items: [
      ['pending', '待配置', 'To be configured'],
      ['configuring', '配置中', 'In configuration'],
      ['success', '成功', 'Success'],
      ['failed', '失败', 'Failure'],
    ],
  },
  {
    type: 'task_status',
    name: '任务状态',
    en: 'Task status',
    items: [
      ['waiting', '等待中', 'Waiting'],
      ['running', '执行中', 'In execution'],
      ['ended', '已结束', 'Ended'],
      ['started', '已启动', 'Started'],
      ['paused', '已暂停', 'Paused'],
    ],
  },
  {
    type: 'user_status',
    name: '用户状态',
    en: 'User status',
    items: [
      ['enabled', '启用', 'Enabled'],
      ['disabled', '停用', 'Disabled'],
      ['pending', '待审核', 'Awaiting review'],
    ],
  },
  {
    type: 'read_write_mode',
    name: '读写方式',
    en: 'Read/write mode',
    items: [
      ['read_only', '只读', 'Read-only'],
      ['read_write', '读写', 'Read-write'],
      ['write_only', '只写', 'Write-only'],
    ],
  },
  {
    type: 'data_type',
    name: '数据类型',
    en: 'Data type',
    items: [
      ['numeric', '数值', 'Numeric'],
      ['switch', '开关', 'Switch'],
      ['character', '字符', 'Character'],
      ['location', '定位', 'Location'],
    ],
  },
  {
    type: 'storage_type',
    name: '存储方式',
    en: 'Storage type',
    items: [
      ['none', '不存储', 'None'],
      ['timed', '定时存储', 'Timed'],
      ['on_change', '变化存储', 'On change'],
    ],
  },
  {
    type: 'advance_time',
    name: '工单提前时间',
    en: 'Work order advance time',
    items: [
      ['0', '不提前', 'None'],
      ['1', '提前 1 天', '1 day'],
      ['2', '提前 2 天', '2 days'],
      ['3', '提前 3 天', '3 days'],
      ['7', '提前 1 周', '1 week'],
      ['14', '提前 2 周', '2 weeks'],
      ['30', '提前 1 个月', '1 month'],
    ],
  },
];
