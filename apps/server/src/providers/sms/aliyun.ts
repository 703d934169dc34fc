import { createHmac, randomUUID } from 'node:crypto';
import { type SmsMessage, type SmsProvider, SmsSendError } from './sms.ts';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with one variable, `${code}`. */
  templateCode: string;
  endpoint: string;
  timeoutMs?: number;
}

/** RFC 3986 encoding as Aliyun's RPC signature wants it (Java URLEncoder + the three replacements). */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Aliyun RPC signature v1: HMAC-SHA1(secret + "&", METHOD&%2F&encode(sorted canonical query)), base64. */
export function signAliyunRpc(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** Aliyun SMS (Dysmsapi 2017-05-25 SendSms) for mainland China numbers. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(private readonly opts: AliyunSmsOptions) {}

  supports(areaCode: string): boolean {
    return areaCode === '86';
  }

  async send(msg: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: msg.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.opts.templateCode,
      TemplateParam: JSON.stringify({ code: msg.code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = signAliyunRpc('POST', params, this.opts.accessKeySecret);
    const body = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    let res: Response;
    try {
      res = await fetch(new URL('/', this.opts.endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new SmsSendError(this.name, `request failed: ${(e as Error).message}`);
    }
    const text = await res.text();
    let json: { Code?: string; Message?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // An HTML error page from a proxy: reported below with the status.
    }
    // Aliyun answers business refusals (limits, bad number) with HTTP 200 and Code ≠ "OK".
    if (!res.ok || json.Code !== 'OK') {
      throw new SmsSendError(
        this.name,
        `HTTP ${res.status} ${json.Code ?? ''} ${json.Message ?? text.slice(0, 200)}`,
      );
    }
  }
}
