/** Messages of invoice info, applications and their review, in every language. */
export const invoicesMessages = {
  'v.invoice.title': { 'zh-CN': '请填写发票抬头（最多 100 字）', en: 'Enter the invoice title (up to 100 characters)' },
  'v.invoice.taxNumber': {
    'zh-CN': '税号为 15、18 或 20 位字母和数字',
    en: 'The tax number is 15, 18 or 20 letters and digits',
  },
  'v.invoice.address': { 'zh-CN': '地址最多 200 字', en: 'The address is at most 200 characters' },
  'v.invoice.phone': { 'zh-CN': '请填写正确的电话号码', en: 'Enter a valid phone number' },
  'v.invoice.bank': { 'zh-CN': '开户行最多 100 字', en: 'The bank is at most 100 characters' },
  'v.invoice.bankAccount': { 'zh-CN': '银行账号为 6 到 34 位数字', en: 'The bank account is 6 to 34 digits' },
  'v.invoice.email': { 'zh-CN': '请填写正确的邮箱', en: 'Enter a valid email address' },
  'v.invoice.orders': { 'zh-CN': '请选择 1 到 50 个已支付订单', en: 'Choose 1 to 50 paid orders' },
  'v.invoice.reason': { 'zh-CN': '请填写驳回原因（最多 200 字）', en: 'Give the reason (up to 200 characters)' },
  'v.invoice.tracking': {
    'zh-CN': '快递单号为 6 到 40 位字母、数字或连字符',
    en: 'The tracking number is 6 to 40 letters, digits or hyphens',
  },
  'invoice.noInfo': {
    'zh-CN': '请先填写发票信息再申请开票',
    en: 'Fill in your invoice info before applying for an invoice',
  },
  'invoice.orderUnpaid': {
    'zh-CN': '订单 {number} 未支付，不能申请开票',
    en: 'Order {number} is not paid; only paid orders can be invoiced',
  },
  'invoice.orderCancelled': {
    'zh-CN': '订单 {number} 已取消，不能申请开票',
    en: 'Order {number} is cancelled; only paid orders can be invoiced',
  },
  'invoice.orderExpired': {
    'zh-CN': '订单 {number} 已过期，不能申请开票',
    en: 'Order {number} has expired; only paid orders can be invoiced',
  },
  'invoice.orderInvoiced': {
    'zh-CN': '订单 {number} 已申请过发票',
    en: 'Order {number} is already on an invoice',
  },
  'invoice.notFound': { 'zh-CN': '发票申请不存在', en: 'No such invoice application' },
  'invoice.badStep': {
    'zh-CN': '发票当前为“{status}”，不能执行此操作',
    en: 'The invoice is “{status}”; this step does not apply',
  },
  'invoice.status.not_applied': { 'zh-CN': '未申请', en: 'not applied' },
  'invoice.status.applied': { 'zh-CN': '已申请', en: 'applied' },
  'invoice.status.in_audit': { 'zh-CN': '审核中', en: 'in audit' },
  'invoice.status.arrived': { 'zh-CN': '已送达', en: 'arrived' },
  'invoice.status.rejected': { 'zh-CN': '已驳回', en: 'rejected' },
} as const;
