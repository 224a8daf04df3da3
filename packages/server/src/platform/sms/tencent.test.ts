import { describe, expect, it } from 'vitest';
import { tc3Authorization } from './tencent.ts';

/**
 * Known answers from Tencent Cloud's API 3.0 documentation, "Signature v3" (签名方法 v3): CVM
 * DescribeInstances in ap-guangzhou at 1551113065 (2019-02-25 UTC) with the page's masked keys.
 * https://cloud.tencent.com/document/api/1427/56189 (the same page sits under every product, e.g.
 * https://cloud.tencent.com/document/api/362/4208); the page's code samples are
 * https://github.com/TencentCloud/signature-process-demo.
 */
describe('the Tencent Cloud TC3-HMAC-SHA256 signature', () => {
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
    service: 'cvm',
    timestamp: 1551113065,
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  };

  it("signs the documentation's request with the action header, as the page does now", () => {
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      Host: 'cvm.tencentcloudapi.com',
      'X-TC-Action': 'DescribeInstances',
    };
    expect(tc3Authorization({ ...example, headers })).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host;x-tc-action, ' +
        'Signature=be4f67d323c78ab9acb7395e43c0dbcf822a9cfac32fea2449a7bc7726b770a3',
    );
  });

  // The page's earlier revision (and signature-process-demo's cvm/signature-v3) signed content-type and host only.
  it("signs the documentation's earlier request with content-type and host only", () => {
    const headers = { host: 'cvm.tencentcloudapi.com', 'content-type': 'application/json; charset=utf-8' };
    expect(tc3Authorization({ ...example, headers })).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('takes the date of the scope from the UTC day of the timestamp', () => {
    // 2019-02-26 00:30 in Beijing is still the 25th in UTC.
    const headers = { 'content-type': 'application/json', host: 'sms.tencentcloudapi.com' };
    const at = Date.parse('2019-02-26T00:30:00+08:00') / 1000;
    expect(tc3Authorization({ ...example, service: 'sms', headers, timestamp: at })).toContain(
      '/2019-02-25/sms/tc3_request,',
    );
  });
});
