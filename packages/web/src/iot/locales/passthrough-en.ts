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
      kind: 'Kind',
      management: 'Management group DTU',
      edges: 'Edge group DTUs',
      enabled: 'Enabled',
    },
    kind: { pc: 'PC software', group: 'DTU group' },
    kindHint: {
      pc: 'PC software reaches the serial device behind one DTU through the cloud’s passthrough port.',
      group:
        'Bytes from the management DTU (its serial side a master: a PLC or SCADA) go to every edge DTU; replies from the edge DTUs (their serial sides slaves) go back to it. While enabled, every member’s polling pauses.',
    },
    anyAddress: 'Any address (with the token)',
    state: {
      inSession: 'In passthrough, polling paused',
      idle: 'Idle',
      bridged: 'Group bridged, polling paused',
      waiting: 'Enabled, waiting for members online',
      off: 'Switched off',
    },
    noToken: 'None (DTU to DTU)',
    endpoint:
      'In your PC software (a serial terminal, a SCADA package’s TCP client or a virtual COM port tool) connect to {{host}}:{{port}}, send the strategy’s connection token and a newline first; from then on the bytes go as they are to the serial device behind the DTU. While PC software is connected the DTU is not polled; polling resumes as soon as it disconnects.',
    form: {
      add: 'Add passthrough strategy',
      edit: 'Edit passthrough strategy',
      allowHint: 'Empty: any address that knows the token may connect; otherwise only these IPv4 addresses.',
      devicePlaceholder: 'Search DTUs by name or SN',
      allowPlaceholder: 'Type an IPv4 address and press Enter',
      managementPlaceholder: 'The DTU whose serial side is the master',
      edgesPlaceholder: 'One or more DTUs whose serial sides are slaves',
      enabledHint: 'Switched off, the members are polled again; the group is kept.',
    },
    empty:
      'No passthrough strategy yet. Add one to let PC software reach the serial device behind a DTU through the cloud.',
    saved: 'Passthrough strategy saved',
    deleted: 'Passthrough strategy deleted',
    confirmDelete: 'Delete this passthrough strategy? A session in progress ends when the PC software disconnects.',
    copy: 'Copy token',
  },
};
