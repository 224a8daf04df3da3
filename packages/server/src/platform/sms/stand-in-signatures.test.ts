import { describe, expect, it } from 'vitest';
import { verifyAliyunRpc, verifyTc3 } from './stand-in-signatures.ts';

/**
 * The stand-ins' own signature checks, held to the providers' published examples (the same ones
 * `aliyun.test.ts` and `tencent.test.ts` hold the product's signers to), so that
 * both sides of every signed test request are anchored outside this code base.
 */

describe('the Aliyun stand-in checks RPC signatures as Aliyun does', () => {
  // The signed SendSms request of https://help.aliyun.com/document_detail/56189.html
  // (quoted at https://developer.aliyun.com/ask/218522), secret testSecret.
  const url =
    '/?Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123' +
    '&PhoneNumbers=15300000001&RegionId=cn-hangzhou' +
    '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8' +
    '&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0' +
    '&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D' +
    '&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25';
  const keys = new Map([['testId', 'testSecret']]);
  const then = Date.parse('2017-07-12T02:42:19Z');
  const check = (u: string, k = keys, at = then, nonces = new Set<string>()) =>
    verifyAliyunRpc({ method: 'GET', url: u }, k, nonces, at)?.code;

  it("accepts the documentation's signed request", () => {
    expect(check(url)).toBeUndefined();
  });

  it('refuses it changed, with another secret or key, late, or a second time', () => {
    expect(check(url.replace('PhoneNumbers=15300000001', 'PhoneNumbers=15300000002'))).toBe('SignatureDoesNotMatch');
    expect(check(url, new Map([['testId', 'otherSecret']]))).toBe('SignatureDoesNotMatch');
    expect(check(url, new Map([['otherId', 'testSecret']]))).toBe('InvalidAccessKeyId.NotFound');
    expect(check(url, keys, then + 16 * 60_000)).toBe('InvalidTimeStamp.Expired');
    expect(check(url.replace('&SignatureMethod=HMAC-SHA1', ''))).toBe('IncompleteSignature');
    const seen = new Set<string>();
    expect(check(url, keys, then, seen)).toBeUndefined();
    expect(check(url, keys, then, seen)).toBe('SignatureNonceUsed');
  });
});

describe('the Tencent stand-in checks TC3-HMAC-SHA256 as Tencent Cloud does', () => {
  // CVM DescribeInstances of "Signature v3", https://cloud.tencent.com/document/api/1427/56189.
  const body = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
  const request = (signedHeaders: string, signature: string, headers: Record<string, string> = {}) => ({
    method: 'POST',
    body,
    headers: {
      host: 'cvm.tencentcloudapi.com',
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'DescribeInstances',
      'x-tc-timestamp': '1551113065',
      'x-tc-version': '2017-03-12',
      'x-tc-region': 'ap-guangzhou',
      authorization: `TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=${signedHeaders}, Signature=${signature}`,
      ...headers,
    },
  });
  const current = request(
    'content-type;host;x-tc-action',
    'be4f67d323c78ab9acb7395e43c0dbcf822a9cfac32fea2449a7bc7726b770a3',
  );
  const earlier = request('content-type;host', '2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
  const keys = new Map([['AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******', 'Gu5t9xGARNpq86cd98joQYCN3*******']]);
  const then = 1551113065 * 1000;
  const check = (r: ReturnType<typeof request>, k = keys, service = 'cvm', at = then) =>
    verifyTc3(r, k, service, at)?.code;

  it("accepts the documentation's signed requests, with and without the action signed", () => {
    expect(check(current)).toBeUndefined();
    expect(check(earlier)).toBeUndefined();
  });

  it('refuses one changed, for another product, with another key, late, or signing too little', () => {
    expect(check({ ...current, body: body.replace('1', '2') })).toBe('AuthFailure.SignatureFailure');
    expect(check({ ...current, headers: { ...current.headers, 'x-tc-action': 'RunInstances' } })).toBe(
      'AuthFailure.SignatureFailure',
    );
    // The action is not signed in the earlier form, so changing it there still passes: why the product signs it.
    expect(check({ ...earlier, headers: { ...earlier.headers, 'x-tc-action': 'RunInstances' } })).toBeUndefined();
    expect(check(current, keys, 'sms')).toBe('AuthFailure.SignatureFailure');
    expect(check(current, new Map([['AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******', 'other']]))).toBe(
      'AuthFailure.SignatureFailure',
    );
    expect(check(current, new Map([['AKIDother', 'Gu5t9xGARNpq86cd98joQYCN3*******']]))).toBe(
      'AuthFailure.SecretIdNotFound',
    );
    expect(check(current, keys, 'cvm', then + 301_000)).toBe('AuthFailure.SignatureExpire');
    expect(check(request('host', 'be4f67d323c78ab9acb7395e43c0dbcf822a9cfac32fea2449a7bc7726b770a3'))).toBe(
      'AuthFailure.InvalidAuthorization',
    );
  });
});
