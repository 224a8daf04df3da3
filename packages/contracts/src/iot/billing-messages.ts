/** Messages of memberships, orders and payments, in every language. */
export const billingMessages = {
  'v.order.product': { 'zh-CN': '请选择要购买的商品', en: 'Choose what to buy' },
  'v.order.quantity': { 'zh-CN': '购买数量为 1 到 10', en: 'Buy 1 to 10 at once' },
  'v.order.amount': {
    'zh-CN': '充值金额为 1 到 100000 元',
    en: 'Top up from 1 to 100,000 yuan',
  },
  'order.notFound': { 'zh-CN': '订单不存在', en: 'No such order' },
  'order.cancelled': {
    'zh-CN': '订单已取消，已取消的订单不可恢复',
    en: 'The order is cancelled; cancelled orders cannot be restored',
  },
  'order.expired': {
    'zh-CN': '订单已过期，请重新下单',
    en: 'The order has expired; place a new order',
  },
  'order.paid': { 'zh-CN': '订单已支付', en: 'The order is already paid' },
  'order.lowerLevel': {
    'zh-CN': '您的{current}有效期内不能购买更低等级的会员',
    en: 'You cannot buy a lower membership while your {current} lasts',
  },
  'order.noEnd': {
    'zh-CN': '您的会员由平台设置且长期有效，无需续费',
    en: 'Your membership was set by the platform and does not end; there is nothing to renew',
  },
  'order.brandCustomer': {
    'zh-CN': '您的账号由服务商开通，中性运营请联系您的服务商',
    en: 'Your account was opened by your provider; ask your provider about neutral operation',
  },
  'order.mainAccount': {
    'zh-CN': '会员由主账号购买，子用户随主账号享有',
    en: 'Memberships are bought by the main account; its sub-users share them',
  },
  'level.1': { 'zh-CN': '一级会员', en: 'level-1 membership' },
  'level.2': { 'zh-CN': '中性会员', en: 'neutral membership' },
  'pay.notConfigured': {
    'zh-CN': '未配置微信支付，请联系平台管理员',
    en: 'WeChat Pay is not configured; ask the platform administrator',
  },
  'pay.failed': {
    'zh-CN': '微信支付下单失败，请稍后重试',
    en: 'WeChat Pay did not take the order; try again later',
  },
  'v.transfer.reference': {
    'zh-CN': '请填写银行流水号（1 到 64 个字符）',
    en: 'Enter the bank reference (1 to 64 characters)',
  },
  'v.transfer.reason': {
    'zh-CN': '请填写驳回原因（1 到 200 个字符）',
    en: 'Enter why the transfer is rejected (1 to 200 characters)',
  },
  'alipay.notConfigured': {
    'zh-CN': '未配置支付宝，请联系平台管理员',
    en: 'Alipay is not configured; ask the platform administrator',
  },
  'alipay.failed': {
    'zh-CN': '支付宝下单失败，请稍后重试',
    en: 'Alipay did not take the order; try again later',
  },
  'balance.low': {
    'zh-CN': '余额 {balance} 不足以支付 {amount}，请先充值或换一种支付方式',
    en: 'Your balance of {balance} does not cover {amount}; top up or pay another way',
  },
  'balance.recharge': {
    'zh-CN': '充值订单不能用余额支付',
    en: 'A top-up cannot be paid from the balance',
  },
  'transfer.notConfigured': {
    'zh-CN': '未配置银行转账收款账户，请联系平台管理员',
    en: 'Bank transfer is not configured; ask the platform administrator',
  },
  'transfer.notWaiting': {
    'zh-CN': '该订单不在等待银行转账确认',
    en: 'This order is not waiting for a bank transfer to be confirmed',
  },
} as const;
