import type { Lang } from '@meridian/contracts';
import { i18n } from '../../shared/i18n.ts';

/** The strings of the camera pages, lent to the `app` namespace when the first of them loads. */
const zh = {
  video: {
    keyword: '摄像头名称',
    add: '添加摄像头',
    addTitle: '添加摄像头',
    editTitle: '编辑摄像头',
    empty: '还没有摄像头',
    name: '名称',
    streamUrl: '视频流地址',
    streamHint:
      '支持 rtsp://…、HLS（.m3u8）、HTTP-FLV（.flv）和 WebRTC（WHEP 地址 http(s)://…/whep）；RTSP 与 HTTP-FLV 由平台转为 HLS 播放，WebRTC 由浏览器直接播放',
    kind: '类型',
    kinds: { rtsp: 'RTSP', hls: 'HLS', flv: 'HTTP-FLV', webrtc: 'WebRTC' },
    project: '所属项目',
    devices: '绑定设备',
    devicesHint: '在视频监控中，画面旁显示这些设备的实时数据',
    createdAt: '添加时间',
    edit: '编辑',
    watch: '监控',
    deleteAsk: '删除摄像头“{{name}}”？',
    grid: '画面数',
    gridOf_one: '{{count}} 画面',
    gridOf_other: '{{count}} 画面',
    fullScreen: '全屏',
    pickCamera: '选择摄像头',
    noCameras: '还没有摄像头，请先在摄像头列表中添加',
    addFirst: '去添加摄像头',
    opening: '正在打开视频…',
    retry: '重新打开',
    noValues: '暂无数据',
    noDevices: '未绑定设备',
    emptyView: '空闲画面',
    lost: '视频中断，请重新打开',
    noHls: '此浏览器不能播放 HLS 视频，请使用新版 Chrome、Edge 或 Firefox',
    connectionFailed:
      '与摄像头的 WebRTC 连接失败：本浏览器与摄像头之间没有可用的网络路径（摄像头可能离线，或需要中继服务器）',
  },
};
type VideoStrings = typeof zh;

const en: VideoStrings = {
  video: {
    keyword: 'Camera name',
    add: 'Add camera',
    addTitle: 'Add a camera',
    editTitle: 'Edit camera',
    empty: 'No cameras yet',
    name: 'Name',
    streamUrl: 'Stream address',
    streamHint:
      'rtsp://…, HLS (.m3u8), HTTP-FLV (.flv) or WebRTC (a WHEP address, http(s)://…/whep); RTSP and HTTP-FLV are turned into HLS by the platform, WebRTC is played by the browser itself',
    kind: 'Kind',
    kinds: { rtsp: 'RTSP', hls: 'HLS', flv: 'HTTP-FLV', webrtc: 'WebRTC' },
    project: 'Project',
    devices: 'Bound devices',
    devicesHint: 'The Video Monitor shows these devices’ live values beside the video',
    createdAt: 'Added',
    edit: 'Edit',
    watch: 'Monitor',
    deleteAsk: 'Delete the camera “{{name}}”?',
    grid: 'Views',
    gridOf_one: '{{count}} view',
    gridOf_other: '{{count}} views',
    fullScreen: 'Full screen',
    pickCamera: 'Choose a camera',
    noCameras: 'No cameras yet: add one in the camera list first',
    addFirst: 'Add a camera',
    opening: 'Opening the video…',
    retry: 'Open again',
    noValues: 'No data yet',
    noDevices: 'No bound devices',
    emptyView: 'Empty view',
    lost: 'The video was interrupted; open it again',
    noHls: 'This browser cannot play HLS video; use a recent Chrome, Edge or Firefox',
    connectionFailed:
      'The WebRTC connection to the camera failed: there is no network path between this browser and the camera (it may be offline, or need a relay server)',
  },
};

const strings: Record<Lang, VideoStrings> = { 'zh-CN': zh, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
