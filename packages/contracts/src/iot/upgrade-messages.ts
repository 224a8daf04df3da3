/** Messages of firmware upgrade jobs, in every language. */
export const upgradeMessages = {
  'v.upgrade.firmware': { 'zh-CN': '请选择固件', en: 'Choose a firmware' },
  'v.upgrade.noDevices': { 'zh-CN': '请选择要升级的设备', en: 'Choose the devices to upgrade' },
  'v.upgrade.tooMany': { 'zh-CN': '一个任务最多升级 500 台设备', en: 'One job upgrades at most 500 devices' },
  'v.upgrade.waveSize': {
    'zh-CN': '同时升级数为 1 到 100 的整数',
    en: 'Devices at once: a whole number from 1 to 100',
  },
  'v.upgrade.failPercent': {
    'zh-CN': '失败阈值为 0 到 100 的整数（%）',
    en: 'Failure threshold: a whole number from 0 to 100 (%)',
  },
  'v.upgrade.template': { 'zh-CN': '请选择产品模板', en: 'Choose a template' },
  'v.upgrade.project': { 'zh-CN': '请选择项目', en: 'Choose a project' },
  'upgrade.noneMatch': {
    'zh-CN': '所选的 {count} 台设备中没有可升级到此固件的设备',
    en: 'None of the {count} devices picked can take this firmware',
  },
  'upgrade.leftOut.unsupported': {
    'zh-CN': '接入方式不支持固件升级',
    en: 'Connects in a way that cannot take firmware',
  },
  'upgrade.leftOut.unknownModel': { 'zh-CN': '尚未上报系列和型号', en: 'Has not reported its series and model yet' },
  'upgrade.leftOut.wrongModel': { 'zh-CN': '型号为 {found}', en: 'Is a {found}' },
  'upgrade.leftOut.busy': { 'zh-CN': '已在另一个升级任务中', en: 'Already in another upgrade job' },
  'upgrade.notFound': { 'zh-CN': '升级任务不存在', en: 'No such upgrade job' },
  'upgrade.deviceNotFound': { 'zh-CN': '该设备不在此升级任务中', en: 'This device is not in this upgrade job' },
  'upgrade.wrongModel': {
    'zh-CN': '设备 {sn} 的型号为 {found}，与固件的 {series} {model} 不符，不能升级',
    en: 'Device {sn} is a {found}, not the firmware’s {series} {model}: it cannot take this firmware',
  },
  'upgrade.unknownModel': {
    'zh-CN': '设备 {sn} 尚未上报系列和型号，请待其上线后再升级',
    en: 'Device {sn} has not reported its series and model yet; upgrade it once it has been online',
  },
  'upgrade.notMqtt': {
    'zh-CN': '设备 {sn} 的接入方式不支持固件升级（仅 DTU 和 MQTT 设备）',
    en: 'Device {sn} connects in a way that cannot take firmware (only DTUs and MQTT devices can)',
  },
  'upgrade.busy': {
    'zh-CN': '设备 {sn} 已在另一个升级任务中',
    en: 'Device {sn} is already in another upgrade job',
  },
  'upgrade.retryNotFailed': {
    'zh-CN': '只有升级失败的设备可以重试',
    en: 'Only a device whose upgrade failed can be retried',
  },
  'upgrade.firmwareInUse': {
    'zh-CN': '该固件正被升级任务使用，不能删除',
    en: 'An upgrade job uses this firmware; it cannot be deleted',
  },
  'upgrade.stopped': {
    'zh-CN': '失败设备超过 {percent}%，任务已停止',
    en: 'More than {percent}% of the devices failed: the job stopped',
  },
  'upgrade.failed.offline': {
    'zh-CN': '设备离线，上线后从已确认的分片继续',
    en: 'The device is offline; it resumes from the last acknowledged chunk when it is back',
  },
  'upgrade.restarting': {
    'zh-CN': '设备已校验固件，正在重启，上线后确认新版本',
    en: 'The device verified the firmware and is restarting; its new version is read when it is back',
  },
  'upgrade.failed.noAck': {
    'zh-CN': '设备 {seconds} 秒内未应答',
    en: 'The device did not answer within {seconds} s',
  },
  'upgrade.failed.crc': {
    'zh-CN': '分片 {seq} 校验（CRC）连续失败',
    en: 'Chunk {seq} failed its CRC check repeatedly',
  },
  'upgrade.failed.rejected': { 'zh-CN': '设备拒绝升级：{reason}', en: 'The device refused the upgrade: {reason}' },
  'upgrade.failed.verify': {
    'zh-CN': '设备校验固件失败（SHA-256）：{reason}',
    en: 'The device’s SHA-256 check of the firmware failed: {reason}',
  },
  'upgrade.failed.version': {
    'zh-CN': '设备重启后上报的版本为 {version}，不是新版本',
    en: 'After restarting, the device reported version {version}, not the new one',
  },
  'upgrade.failed.timeout': {
    'zh-CN': '{minutes} 分钟内没有进展，升级失败，可重试',
    en: 'No progress in {minutes} min: the upgrade failed; you can retry it',
  },
  'upgrade.failed.jobStopped': {
    'zh-CN': '任务因失败过多已停止，未升级',
    en: 'Not upgraded: the job stopped after too many failures',
  },
  'upgrade.failed.firmwareMissing': {
    'zh-CN': '固件文件读取失败',
    en: 'The firmware file could not be read',
  },
} as const;
