import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AtStream, DtuFirmware } from './dtu-ota.ts';

const line = (s: string) => Buffer.from(`${s}\r\n`, 'latin1');

describe('a DTU taking firmware by AT commands', () => {
  it('takes a chunk’s bytes after its AT+OTADATA line however the link splits them, even bytes that look like a line end', () => {
    const data = Buffer.from([0x0a, 0x0d, 0x41, 0x0a, 0x00]);
    const bytes = Buffer.concat([line('pw#AT+VER'), line(`pw#AT+OTADATA=1-2,0,5,${crc32(data).toString(16)}`), data]);
    const at = new AtStream();
    const out = [];
    for (let i = 0; i < bytes.length; i += 3) out.push(...at.push(bytes.subarray(i, i + 3)));
    expect(out.map((c) => c.line)).toEqual(['pw#AT+VER', `pw#AT+OTADATA=1-2,0,5,${crc32(data).toString(16)}`]);
    expect(out[1]?.payload).toEqual(data);
    expect(at.busy).toBe(false);
  });

  it('verifies each chunk’s CRC and the whole image’s SHA-256, and runs the new version only then', async () => {
    const fw = new DtuFirmware({ series: 'M100', model: 'M100-A', version: '1.0.0' });
    const image = Buffer.from('firmware image');
    const sha = createHash('sha256').update(image).digest('hex');
    expect((await fw.command(`AT+OTABEGIN=7-1,2.0.0,${image.length},8,${sha}`, null)).reply).toContain('+OTABEGIN:0');
    const first = image.subarray(0, 8);
    const bad = await fw.command('AT+OTADATA=7-1,0,8,00000000', first);
    expect(bad.reply).toBe('\r\n+OTADATA:0,crc\r\n\r\nERROR\r\n');
    await fw.command(`AT+OTADATA=7-1,0,8,${crc32(first).toString(16).padStart(8, '0')}`, first);
    // Reopened (after a reconnection), the transfer goes on from the chunk held.
    expect((await fw.command(`AT+OTABEGIN=7-1,2.0.0,${image.length},8,${sha}`, null)).reply).toContain('+OTABEGIN:1');
    const rest = image.subarray(8);
    await fw.command(`AT+OTADATA=7-1,1,6,${crc32(rest).toString(16).padStart(8, '0')}`, rest);
    expect((await fw.command('AT+VER', null)).reply).toContain('+VER:M100,M100-A,1.0.0');
    expect(await fw.command('AT+OTAEND=7-1', null)).toEqual({ reply: '\r\n+OTAEND:OK\r\n\r\nOK\r\n', restart: true });
    expect((await fw.command('AT+VER', null)).reply).toContain('+VER:M100,M100-A,2.0.0');
  });
});
