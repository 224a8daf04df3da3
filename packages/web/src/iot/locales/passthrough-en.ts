import type { passthroughZhCN } from './passthrough.ts';

export const passthroughEn: typeof passthroughZhCN = {
  passthrough: {
    field: {
      name: 'Strategy name',
      device: 'DTU',
      token: 'Connection token',
      allowList: 'Allowed source addresses',
      state: 'State',
      updatedAt: 'Updated',
    },
    anyAddress: 'Any address (with the token)',
    state: { inSession: 'In passthrough, polling paused', idle: 'Idle' },
    endpoint:
      'In your PC software (a serial terminal, a SCADA package’s TCP client or a virtual COM port tool) connect to {{host}}:{{port}}, send the strategy’s connection token and a newline first; from then on the bytes go as they are to the serial device behind the DTU. While PC software is connected the DTU is not polled; polling resumes as soon as it disconnects.',
    form: {
      add: 'Add passthrough strategy',
      edit: 'Edit passthrough strategy',
      allowHint: 'Empty: any address that knows the token may connect; otherwise only these IPv4 addresses.',
      devicePlaceholder: 'Search DTUs by name or SN',
      allowPlaceholder: 'Type an IPv4 address and press Enter',
    },
    empty:
      'No passthrough strategy yet. Add one to let PC software reach the serial device behind a DTU through the cloud.',
    saved: 'Passthrough strategy saved',
    deleted: 'Passthrough strategy deleted',
    confirmDelete: 'Delete this passthrough strategy? A session in progress ends when the PC software disconnects.',
    copy: 'Copy token',
  },
};
