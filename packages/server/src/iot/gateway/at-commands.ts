import type { DtuParams } from '@meridian/contracts';

/**
 * The network AT commands that configure a DTU over its own TCP link (docs/protocols/device-configuration.md),
 * in the dialect of USR-IOT's cellular DTUs, which Four-Faith and Hongdian DTUs follow closely: each
 * command behind the command password and `#`, ended by CR LF, answered `OK` or `ERROR`. `AT+S`
 * saves and restarts the DTU, so it comes last.
 */
export function atCommands(params: DtuParams): string[] {
  const parity = params.parity.toUpperCase();
  const commands = [`AT+UART=${params.baudRate},${params.dataBits},${params.stopBits},${parity},NFC`];
  if (params.heartbeat)
    commands.push('AT+HEARTEN=ON', `AT+HEARTDT=${params.heartbeat}`, `AT+HEARTTM=${params.heartbeatSeconds}`);
  else commands.push('AT+HEARTEN=OFF');
  if (params.registrationPacket) commands.push('AT+REGEN=ON', `AT+REGDT=${params.registrationPacket}`);
  else commands.push('AT+REGEN=OFF');
  commands.push(`AT+SOCKA=TCP,${params.serverHost},${params.serverPort}`, 'AT+S');
  return commands;
}

/** The command password of a DTU never configured from the cloud: USR-IOT's factory setting. */
export const DEFAULT_COMMAND_PASSWORD = 'www.usr.cn';

/** The bytes of one command as the DTU expects them on its link. */
export const atFrame = (password: string, command: string) => Buffer.from(`${password}#${command}\r\n`, 'latin1');

/** `OK`, `ERROR...` (a USR DTU may say `ERR2`), or null while the reply is incomplete. */
export function atVerdict(reply: Buffer): { ok: true } | { ok: false; reply: string } | null {
  const text = reply.toString('latin1');
  const line = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => /^(\+?OK|ERR)/i.test(l) && text.includes('\n', text.indexOf(l)));
  if (!line) return null;
  return /^\+?OK$/i.test(line) ? { ok: true } : { ok: false, reply: line.slice(0, 40) };
}
