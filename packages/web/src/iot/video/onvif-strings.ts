import type { Lang } from '@meridian/contracts';
import { i18n } from '../../shared/i18n.ts';

/** The strings of adding cameras from an ONVIF discovery (decision 0160). */
const zh = {
  onvif: {
    open: '搜索局域网摄像头',
    title: '从网关的局域网搜索 ONVIF 摄像头',
    hint: '由摄像头所在局域网中的边缘网关（MQTT 接入）发出 ONVIF 搜索，约需几秒',
    gateway: '边缘网关',
    search: '搜索',
    searching: '网关正在局域网中搜索摄像头…',
    none: '没有摄像头应答。请确认摄像头已开启 ONVIF，且与网关在同一网段',
    found_one: '找到 {{count}} 个摄像头',
    found_other: '找到 {{count}} 个摄像头',
    unnamed: '未命名摄像头',
    pick: '选择',
    username: '摄像头用户名',
    password: '摄像头密码',
    streams: '获取视频流',
    asking: '网关正在向摄像头询问视频流…',
    resolution: '{{width}}×{{height}}',
    use: '用这路视频添加',
    back: '重新选择摄像头',
    passwordNote: '用户名和密码会写入视频流地址，列表中密码只显示为 ***',
  },
};
type OnvifStrings = typeof zh;

const en: OnvifStrings = {
  onvif: {
    open: 'Find cameras on a LAN',
    title: 'Find ONVIF cameras on a gateway’s LAN',
    hint: 'An edge gateway (connected over MQTT) on the cameras’ LAN sends the ONVIF search; it takes a few seconds',
    gateway: 'Edge gateway',
    search: 'Search',
    searching: 'The gateway is looking for cameras on its LAN…',
    none: 'No camera answered. Check that ONVIF is on in the cameras and that they are on the gateway’s network',
    found_one: '{{count}} camera found',
    found_other: '{{count}} cameras found',
    unnamed: 'Unnamed camera',
    pick: 'Choose',
    username: 'Camera user name',
    password: 'Camera password',
    streams: 'Get its streams',
    asking: 'The gateway is asking the camera for its streams…',
    resolution: '{{width}}×{{height}}',
    use: 'Add with this stream',
    back: 'Choose another camera',
    passwordNote: 'The user name and password go into the stream address; lists show the password as ***',
  },
};

const strings: Record<Lang, OnvifStrings> = { 'zh-CN': zh, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
