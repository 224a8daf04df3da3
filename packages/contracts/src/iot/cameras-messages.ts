/** Messages of cameras and the Video Monitor, in every language. */
export const camerasMessages = {
  'v.camera.name': {
    'zh-CN': '请填写摄像头名称（最多 40 个字符）',
    en: 'Give the camera a name (at most 40 characters)',
  },
  'v.camera.streamUrl': {
    'zh-CN':
      '请填写视频流地址：rtsp://…、以 .m3u8 结尾的 HLS、以 .flv 结尾的 HTTP-FLV，或 WebRTC 地址（webrtc://… 或 …/whep）',
    en: 'Enter a stream address: rtsp://…, an HLS address ending in .m3u8, an HTTP-FLV address ending in .flv, or a WebRTC address (webrtc://… or …/whep)',
  },
  'v.camera.project': { 'zh-CN': '项目无效', en: 'The project is not valid' },
  'v.camera.devices': {
    'zh-CN': '最多绑定 8 台设备',
    en: 'Bind at most 8 devices',
  },
  'camera.notFound': { 'zh-CN': '摄像头不存在', en: 'No such camera' },
  'camera.deviceUnknown': {
    'zh-CN': '绑定的设备不存在或您无权查看',
    en: 'A bound device does not exist or you may not see it',
  },
  'camera.projectUnknown': {
    'zh-CN': '项目不存在或您无权使用',
    en: 'The project does not exist or you may not use it',
  },
  'camera.webrtc': {
    'zh-CN': 'WebRTC 摄像头由浏览器直接播放，不经平台转为 HLS',
    en: 'A WebRTC camera is played by the browser itself, not turned into HLS by the platform',
  },
  'v.camera.offer': {
    'zh-CN': '缺少浏览器的 WebRTC 请求（SDP offer）',
    en: 'The browser’s WebRTC offer (SDP) is missing',
  },
  'camera.notWebrtc': {
    'zh-CN': '该摄像头不是 WebRTC 摄像头',
    en: 'This camera is not a WebRTC camera',
  },
  'camera.webrtcScheme': {
    'zh-CN': 'webrtc:// 地址无法播放，请填写摄像头（或其录像机、流媒体服务器）的 WHEP 地址：http(s)://…/whep',
    en: 'A webrtc:// address cannot be played; enter the WHEP address of the camera (or its recorder or media server): http(s)://…/whep',
  },
  'camera.whepUnreachable': {
    'zh-CN': '无法连接摄像头的 WebRTC 地址：{reason}。请检查地址和摄像头是否在线',
    en: 'The camera cannot be reached at its WebRTC address: {reason}. Check the address and that the camera is online',
  },
  'camera.whepRefused': {
    'zh-CN': '摄像头拒绝了播放请求（HTTP {status}{detail}）。请检查地址中的流名称和账号密码',
    en: 'The camera refused the offer (HTTP {status}{detail}). Check the stream name and the credentials in the address',
  },
  'camera.whepNotSdp': {
    'zh-CN': '摄像头的回应不是 WebRTC 应答（SDP），该地址可能不是 WHEP 地址',
    en: 'The camera did not answer with WebRTC (SDP); the address may not be a WHEP endpoint',
  },
  'camera.streamFailed': {
    'zh-CN': '无法播放该摄像头的视频流：{reason}。请检查地址和摄像头是否在线',
    en: 'The camera’s stream cannot be played: {reason}. Check the address and that the camera is online',
  },
  'camera.streamEnded': {
    'zh-CN': '摄像头停止发送视频，请检查摄像头是否在线后重新打开画面',
    en: 'The camera stopped sending video; check that it is online and open the view again',
  },
  'camera.noVideo': {
    'zh-CN': '摄像头在 {seconds} 秒内没有送来视频，请检查摄像头是否在线',
    en: 'The camera sent no video within {seconds} seconds; check that it is online',
  },
  'camera.notWatching': {
    'zh-CN': '该摄像头当前没有在播放，请重新打开画面',
    en: 'The camera is not being played now; open the view again',
  },
  'camera.snapshotFailed': {
    'zh-CN': '未能抓拍：{reason}',
    en: 'No snapshot: {reason}',
  },
  'camera.snapshotGone': { 'zh-CN': '抓拍图片已被删除', en: 'The snapshot has been deleted' },
  'camera.snapshotMissing': { 'zh-CN': '该告警没有这张抓拍', en: 'This alarm has no such snapshot' },
} as const;
