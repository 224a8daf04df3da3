/** Messages of adding cameras from an ONVIF discovery (decision 0160), in every language. */
export const onvifMessages = {
  'v.onvif.gateway': { 'zh-CN': '请选择在摄像头所在局域网中的网关', en: 'Choose a gateway on the cameras’ LAN' },
  'v.onvif.xaddr': {
    'zh-CN': '摄像头的服务地址应为 http(s)://…（最多 300 个字符）',
    en: 'The camera’s service address is http(s)://… (at most 300 characters)',
  },
  'v.onvif.username': {
    'zh-CN': '请填写摄像头的用户名（最多 64 个字符）',
    en: 'Enter the camera’s user name (at most 64 characters)',
  },
  'v.onvif.password': { 'zh-CN': '密码最多 64 个字符', en: 'The password has at most 64 characters' },
  'onvif.notEdge': {
    'zh-CN': '只有通过 MQTT 接入的边缘网关能在局域网中搜索摄像头',
    en: 'Only edge gateways connected over MQTT can look for cameras on their LAN',
  },
  'onvif.unsupported': {
    'zh-CN': '该网关不支持 ONVIF 摄像头搜索，请升级网关固件或手动填写视频流地址',
    en: 'This gateway cannot look for ONVIF cameras; update its firmware or enter the stream address by hand',
  },
  'onvif.notAuthorized': {
    'zh-CN': '摄像头拒绝了用户名或密码，请检查后重试',
    en: 'The camera refused the user name or password; check them and try again',
  },
  'onvif.unreachable': {
    'zh-CN': '网关连不上该摄像头，请检查摄像头是否在线',
    en: 'The gateway cannot reach the camera; check that it is online',
  },
  'onvif.noProfile': {
    'zh-CN': '摄像头没有提供 RTSP 视频流',
    en: 'The camera offers no RTSP stream',
  },
  'onvif.badAnswer': {
    'zh-CN': '摄像头的回答无法识别，它可能不支持 ONVIF',
    en: 'The camera’s answer could not be read; it may not speak ONVIF',
  },
  'onvif.gatewayBadAnswer': {
    'zh-CN': '网关的回答格式不正确',
    en: 'The gateway’s answer is not in the expected form',
  },
} as const;
