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
  'v.campusDevice.recorderUrl': {
    'zh-CN':
      '录像机地址须为海康录像机的 RTSP 回放地址，如 rtsp://用户名:密码@IP:554/Streaming/tracks/101（不带 ? 后的时间，最多 500 个字符），或留空',
    en: 'The recorder address must be the Hikvision recorder’s RTSP playback address, such as rtsp://user:password@IP:554/Streaming/tracks/101 (without the times after ?, at most 500 characters), or empty',
  },
  'v.campusPlayback.mode': {
    'zh-CN': '请选择实时画面或事件前后的录像',
    en: 'Choose the live picture or the recording around the event',
  },
  'v.campusPlayback.at': {
    'zh-CN': '播放录像需要一条预警或一个时间；实时画面不带时间',
    en: 'A recording needs an alert or a time to play around; the live picture takes no time',
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
  'campusPlayback.noRecorder': {
    'zh-CN': '摄像头“{name}”没有填写录像机地址，只能查看实时画面',
    en: 'The camera “{name}” has no recorder: only its live picture can be played',
  },
  'campusPlayback.notRecorded': {
    'zh-CN': '录像机中没有摄像头“{name}”在 {from} 至 {to}（北京时间）的录像',
    en: 'The recorder holds no recording of “{name}” from {from} to {to} (Beijing time)',
  },
  'campusPlayback.cameraNotYours': {
    'zh-CN': '该摄像头不存在，或属于你无权查看的学校',
    en: 'This camera does not exist or belongs to a school you may not see',
  },
} as const;
