/** The strings of data push (`dataPush.*`): the targets, their state and their last deliveries. */
export const dataPushZhCN = {
  dataPush: {
    intro:
      '数据推送把设备每次上报的数据以 JSON 发送到您的服务器地址，每个请求带有 HMAC-SHA256 签名（请求头 X-Meridian-Signature），失败时自动重试；连续失败 5 次后暂停并显示原因。',
    creationClosed:
      '数据推送已不再支持新建（请联系销售）。已有的推送照常工作，您可以在这里暂停、恢复并查看最近的发送记录。',
    field: { name: '推送名称', url: '推送地址', state: '状态', lastSentAt: '最近成功发送' },
    state: { active: '推送中', paused: '已暂停' },
    pausedByOwner: '已由用户暂停',
    neverSent: '尚未发送',
    pause: '暂停',
    resume: '恢复',
    paused: '已暂停推送',
    resumed: '已恢复推送',
    empty: '还没有数据推送。数据推送已不再支持新建（请联系销售）。',
    deliveries: {
      createdAt: '时间',
      state: '结果',
      states: { queued: '等待发送', sent: '已送达', failed: '失败' },
      content: '内容',
      counts: '{{devices}} 台设备，{{values}} 个数值',
      attempts: '尝试次数',
      answer: '对方应答或错误',
      empty: '还没有发送记录：设备上报数据后会出现在这里。',
    },
  },
};
