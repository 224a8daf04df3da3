import { describe, expect, it } from 'vitest';
import { aliyunEncode, aliyunSignature, aliyunStringToSign } from './aliyun.ts';

/**
 * Known answers from Alibaba Cloud's own documentation of the RPC signature (version 1.0,
 * HMAC-SHA1), so that a signing bug fails here rather than only against the real service.
 */
describe('the Aliyun RPC signature', () => {
  // "Request signatures", Example: DescribeRegions with AccessKeyId testid and secret testsecret.
  // https://www.alibabacloud.com/help/doc-detail/127287.htm
  it("signs the documentation's DescribeRegions request", () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(aliyunSignature(params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  // SMS "HTTP protocol and signature": SendSms with AccessKeyId testId, secret testSecret, a Chinese sign name
  // and a JSON TemplateParam. https://help.aliyun.com/document_detail/56189.html (also quoted at
  // https://developer.aliyun.com/ask/218522).
  it("signs the SMS documentation's SendSms request, string to sign and all", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunStringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
        '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD' +
        '%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0' +
        '%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D' +
        '%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(aliyunSignature(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  // The same pages' encoding table: A-Z a-z 0-9 - _ . ~ stay; a space is %20, not +; `*` is %2A;
  // other characters are %XY of their UTF-8 bytes. Neither example has these marks, so they are checked here.
  it('percent-encodes as the documentation says, where encodeURIComponent differs', () => {
    expect(aliyunEncode('AZaz09-_.~')).toBe('AZaz09-_.~');
    expect(aliyunEncode("a b*c!'()")).toBe('a%20b%2Ac%21%27%28%29');
    expect(aliyunEncode('+/=&"°')).toBe('%2B%2F%3D%26%22%C2%B0');
  });
});
