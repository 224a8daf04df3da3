import {
  contactCreate,
  contactGroupCreate,
  emailServerSettings,
  emailTemplateSettings,
  pushSettings,
  smsSettings,
  translate,
  wechatPushSettings,
} from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { problemsOf } from './validate.ts';

const zh = (key: string) => translate(key, 'zh-CN');
const at = (schema: Parameters<typeof problemsOf>[0], body: unknown) =>
  problemsOf(schema, body, 'zh-CN').map((p) => ({ field: p.name.join('.'), message: p.message }));

describe('contacts and groups: the sentences at their fields', () => {
  it('wants a name without spaces and some way to reach the contact', () => {
    expect(at(contactCreate, { name: '值班 员', email: 'a@b.cn' })).toEqual([
      { field: 'name', message: zh('v.notify.nameSpaces') },
    ]);
    expect(at(contactCreate, { name: '值班员' })).toEqual([{ field: 'phone', message: zh('v.contact.reach') }]);
    expect(at(contactGroupCreate, { name: '' })).toEqual([{ field: 'name', message: zh('v.notify.name') }]);
  });

  it('checks each address and that a chosen channel has its address', () => {
    expect(at(contactCreate, { name: 'a', phone: '1380013' })).toEqual([{ field: 'phone', message: zh('v.phone') }]);
    expect(at(contactCreate, { name: 'a', email: 'duty@' })).toEqual([{ field: 'email', message: zh('v.email') }]);
    expect(at(contactCreate, { name: 'a', wechatOpenid: 'o p' })).toEqual([
      { field: 'wechatOpenid', message: zh('v.contact.openid') },
    ]);
    expect(at(contactCreate, { name: 'a', phone: '13800138000', channels: ['email'] })).toEqual([
      { field: 'email', message: zh('v.contact.needsEmail') },
    ]);
  });
});

describe('channel settings: the sentences at their fields', () => {
  it('Email Server: a host name and a port in range', () => {
    const good = { host: 'smtp.example.com', port: 465, security: 'tls', from: 'a@b.cn' };
    expect(at(emailServerSettings, good)).toEqual([]);
    expect(at(emailServerSettings, { ...good, host: 'smtp example' })).toEqual([
      { field: 'host', message: zh('v.emailServer.host') },
    ]);
    expect(at(emailServerSettings, { ...good, port: 70000 })).toEqual([
      { field: 'port', message: zh('v.emailServer.port') },
    ]);
  });

  it('Email Template: known placeholders only, neither part empty', () => {
    expect(at(emailTemplateSettings, { subject: '{device}', body: '{oops}' })).toEqual([
      { field: 'body', message: zh('v.emailTemplate.placeholder') },
    ]);
    expect(at(emailTemplateSettings, { subject: '', body: 'x' })).toEqual([
      { field: 'subject', message: zh('v.emailTemplate.length') },
    ]);
  });

  it('WeChat Push, SMS and Mobile Terminal', () => {
    expect(at(wechatPushSettings, { appId: 'wx123', templateId: 't' })).toEqual([
      { field: 'appId', message: zh('v.wechatPush.appId') },
    ]);
    expect(at(smsSettings, { provider: 'aliyun', accessKeyId: '', templateCode: 'SMS_1' })).toEqual([
      { field: 'accessKeyId', message: zh('v.notify.required') },
    ]);
    expect(at(pushSettings, { url: 'ftp://x' })).toEqual([{ field: 'url', message: zh('v.notify.url') }]);
  });
});
