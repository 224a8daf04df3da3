/** The strings of passthrough strategies (`passthrough.*`): Transparent Transmission Group list, add and edit. */
export const passthroughZhCN = {
  passthrough: {
    field: {
      name: '策略名称',
      device: 'DTU 设备',
      token: '连接令牌',
      allowList: '允许的来源地址',
      state: '状态',
      updatedAt: '更新时间',
      kind: '类型',
      management: '管理组 DTU',
      edges: '边缘组 DTU',
      enabled: '启用',
    },
    kind: { pc: 'PC 软件透传', group: 'DTU 分组透传' },
    kindHint: {
      pc: 'PC 软件通过云端的透传端口连接一个 DTU 后面的串口设备。',
      group:
        '管理组 DTU（串口接主站，如 PLC、组态软件）发出的字节转发到边缘组的每个 DTU，边缘组 DTU（串口接从站）的回复转发回管理组。启用期间，所有成员暂停轮询。',
    },
    anyAddress: '任意地址（凭令牌）',
    state: {
      inSession: '透传中，轮询已暂停',
      idle: '空闲',
      bridged: '分组已桥接，轮询已暂停',
      waiting: '已启用，等待成员上线',
      off: '已停用',
    },
    noToken: '不需要（DTU 之间直接转发）',
    endpoint:
      '在 PC 软件（串口调试助手、组态软件的 TCP 客户端或虚拟串口工具）中连接 {{host}}:{{port}}，连接后先发送该策略的连接令牌并换行，之后收发的字节原样转发到 DTU 后面的串口设备。有 PC 软件连接期间，该 DTU 暂停轮询，断开后立即恢复。',
    form: {
      add: '添加透传策略',
      edit: '编辑透传策略',
      allowHint: '留空则任何知道令牌的地址都可以连接；填写后只接受这些 IPv4 地址。',
      devicePlaceholder: '按名称或 SN 搜索 DTU',
      allowPlaceholder: '输入 IPv4 地址后回车',
      managementPlaceholder: '选择串口接主站的 DTU',
      edgesPlaceholder: '选择一个或多个串口接从站的 DTU',
      enabledHint: '停用后各成员恢复轮询，分组保留。',
    },
    empty: '还没有透传策略。添加一个，让 PC 软件通过云端直接访问 DTU 后面的串口设备。',
    saved: '透传策略已保存',
    deleted: '透传策略已删除',
    confirmDelete: '删除这个透传策略？正在进行的透传会在 PC 软件断开后结束。',
    copy: '复制令牌',
  },
};
