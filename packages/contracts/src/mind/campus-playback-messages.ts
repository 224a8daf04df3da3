/** Messages of campus video playback (decision 0133), in every language. */
export const campusPlaybackMessages = {
  'v.campusDevice.streamUrl': {
    'zh-CN': '视频流地址须为 rtsp://…、以 .m3u8 结尾的 HLS 或以 .flv 结尾的 HTTP-FLV 地址（最多 500 个字符），或留空',
    en: 'The stream address must be rtsp://…, an HLS address ending in .m3u8 or an HTTP-FLV address ending in .flv (at most 500 characters), or empty',
  },
  'v.campusPlayback.target': {
    'zh-CN': '请选择一个摄像头，或从一条安全预警打开回放',
    en: 'Choose a camera, or open the playback from a security warning',
  },
  'v.campusPlayback.id': { 'zh-CN': '回放编号无效', en: 'The playback id is not valid' },
  'campusPlayback.noStream': {
    'zh-CN': '摄像头“{name}”没有填写视频流地址，请在校园设备中为它填写后再回放',
    en: 'The camera “{name}” has no stream address; add one under campus equipment to play it',
  },
  'campusPlayback.notCamera': {
    'zh-CN': '“{name}”是终端而不是摄像头，没有视频可以回放',
    en: '“{name}” is a terminal, not a camera: it has no video to play',
  },
  'campusPlayback.cameraNotYours': {
    'zh-CN': '该摄像头不存在，或属于你无权查看的学校',
    en: 'This camera does not exist or belongs to a school you may not see',
  },
} as const;
