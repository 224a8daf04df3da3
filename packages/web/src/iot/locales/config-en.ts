import type { configZhCN } from './config.ts';

/** The English of `config.ts`. */
export const configEn: typeof configZhCN = {
  config: {
    field: {
      name: 'Configuration name',
      kind: 'Device type',
      summary: 'Settings',
      updatedAt: 'Updated',
      commandPassword: 'Command password',
      serial: 'Serial port',
      dataBits: '{{n}} data bits',
      stopBits: '{{n}} stop bits',
      heartbeat: 'Heartbeat content',
      heartbeatSeconds: 'Heartbeat interval (s)',
      registrationPacket: 'Registration packet',
      server: 'Server address and port',
      serverHost: 'Host name or IP',
      serverPort: 'Port',
      document: 'Configuration (JSON)',
      profile: 'Configuration',
      state: 'Configuration state',
      reason: 'Reason',
      requestedAt: 'Sent',
      finishedAt: 'Finished',
    },
    parity: { none: 'No parity', odd: 'Odd parity', even: 'Even parity' },
    parityShort: { none: 'N', odd: 'O', even: 'E' },
    state: { pending: 'To be configured', configuring: 'In configuration', success: 'Success', failed: 'Failure' },
    form: {
      add: 'Add configuration',
      edit: 'Edit configuration',
      nameRule: 'Enter a configuration name of at most 20 Chinese or 40 Latin characters',
      passwordHint: 'The password the DTU expects before network AT commands; www.usr.cn on USR DTUs',
      hexHint: 'Hexadecimal, e.g. 4842; empty turns the heartbeat off',
      packetHint:
        'Hexadecimal; empty registers with the SN and communication password. A configuration with a packet goes to one device at a time',
    },
    apply: {
      action: 'Apply',
      title: 'Apply "{{name}}"',
      devices: 'Devices',
      hint: 'Offline devices stay "to be configured" and are configured when they come online',
      done: 'Sent to {{n}} devices; see the outcome in Device Configuration',
    },
    saved: 'Saved',
    deleted: 'Deleted',
    confirmDelete: 'Delete this configuration? Devices already configured keep their settings',
    devicesHint: 'The latest configuration sent to each device; offline devices are configured when they come online.',
  },
};
