/**
 * A Modbus RTU template with one holding register (address 0, uint16) on the slave at `address`:
 * what the passthrough tests poll before a session or a group takes the line.
 */
export function oneRegisterTemplate(name: string, address = 1, point = 'Counter') {
  return {
    name,
    protocol: 'modbusRtu',
    slaves: [{ index: 1, name: `PLC ${address}`, address }],
    points: [
      {
        name: point,
        slaveIndex: 1,
        registerType: 'holdingRegister',
        registerAddress: 0,
        registerLength: 1,
        readWrite: 'readOnly',
        dataType: 'numeric',
        variant: 'uint16',
        storage: 'timed',
      },
    ],
  };
}
