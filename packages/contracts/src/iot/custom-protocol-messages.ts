/** Messages of custom protocols defined by frames, in every language (decision 0140). */
export const customProtocolMessages = {
  'customProtocol.name': { 'zh-CN': '协议名称：1-40 个字符', en: 'Protocol name: 1-40 characters' },
  'customProtocol.nameTaken': { 'zh-CN': '已有同名协议：{name}', en: 'You already have a protocol named {name}' },
  'customProtocol.notFound': { 'zh-CN': '协议不存在或无权访问', en: 'No such protocol, or it is not yours' },
  'customProtocol.tooMany': {
    'zh-CN': '每个账号最多 {max} 个自定义协议',
    en: 'An account has at most {max} custom protocols',
  },
  'customProtocol.inUse': {
    'zh-CN': '删除失败：{count} 个模板正在使用该协议',
    en: 'Delete failed: {count} template(s) use this protocol',
  },
  'customProtocol.request.empty': { 'zh-CN': '请填写请求帧', en: 'Enter the request frame' },
  'customProtocol.frame.oddHex': {
    'zh-CN': '十六进制位数为奇数：“{hex}”不是完整的字节',
    en: 'Odd number of hex digits: "{hex}" is not whole bytes',
  },
  'customProtocol.frame.character': {
    'zh-CN': '帧中只能有十六进制数字、空格和花括号中的占位符，不能有“{char}”',
    en: 'A frame holds hex digits, spaces and placeholders in braces only, not "{char}"',
  },
  'customProtocol.frame.unclosed': { 'zh-CN': '占位符缺少右括号 }', en: 'A placeholder is missing its closing }' },
  'customProtocol.frame.placeholder': {
    'zh-CN':
      '未知占位符 {{name}}：可用 {addr:1}-{addr:4}、{crc16modbus}、{sum8}（或从第 i 字节起校验：{crc16modbus:i}、{sum8:i}），写帧另有 {value}',
    en: 'Unknown placeholder {{name}}: use {addr:1}-{addr:4}, {crc16modbus}, {sum8} (or from byte i: {crc16modbus:i}, {sum8:i}), and {value} in the write frame',
  },
  'customProtocol.frame.checksumFrom': {
    'zh-CN': '{{name}} 从第 {from} 字节起校验，但它前面没有那么多字节（字节从 0 数起）',
    en: '{{name}} starts its checksum at byte {from}, but fewer bytes come before it (bytes count from 0)',
  },
  'customProtocol.answer.checksumFrom': {
    'zh-CN': '校验起始字节：0-254 的整数',
    en: 'Checksum from byte: a whole number from 0 to 254',
  },
  'customProtocol.answer.checksumFromOutside': {
    'zh-CN': '校验从第 {from} 字节起，但校验前的数据只到第 {end} 字节之前',
    en: 'The checksum starts at byte {from}, but the bytes it covers end before byte {end}',
  },
  'customProtocol.answer.lengthAt': {
    'zh-CN': '长度字节位置：0-254 的整数，留空则应答定长',
    en: 'Length byte at: a whole number from 0 to 254, or empty for answers of a fixed length',
  },
  'customProtocol.answer.lengthAdjust': {
    'zh-CN': '长度修正：-255 到 255 的整数',
    en: 'Length adjustment: a whole number from -255 to 255',
  },
  'customProtocol.answer.lengthAtOutside': {
    'zh-CN': '长度字节在第 {at} 字节，须在最长 {length} 字节的应答的校验之前',
    en: 'The length byte at byte {at} must come before the checksum of the longest answer ({length} bytes)',
  },
  'customProtocol.writeAnswer.placeholder': {
    'zh-CN': '写应答中只能用 {addr:1}-{addr:4}，或整个填 {echo}（原样回送写帧），不能用 {{name}}',
    en: 'A write answer holds {addr:1}-{addr:4} only, or is {echo} alone (the write frame sent back), not {{name}}',
  },
  'customProtocol.writeAnswer.pair': {
    'zh-CN': '写应答由十六进制字节和 ??（任意字节）组成，“{pair}”不是',
    en: 'A write answer is hex bytes and ?? (any byte); "{pair}" is neither',
  },
  'customProtocol.writeAnswer.noWrite': {
    'zh-CN': '没有写帧的数据点不需要写应答',
    en: 'A data point without a write frame has no write answer',
  },
  'customProtocol.frame.notHere': {
    'zh-CN': '此处不能使用占位符 {name}',
    en: 'The placeholder {name} cannot be used here',
  },
  'customProtocol.write.value': {
    'zh-CN': '写帧须包含 {value} 占位符',
    en: 'The write frame needs a {value} placeholder',
  },
  'customProtocol.answer.lengthRange': {
    'zh-CN': '应答长度：1-255 字节',
    en: 'Answer length: 1-255 bytes',
  },
  'customProtocol.answer.tooShort': {
    'zh-CN': '应答长度 {length} 字节放不下帧头和校验（至少 {needed} 字节）',
    en: 'An answer of {length} bytes cannot hold the header and checksum (at least {needed} bytes)',
  },
  'customProtocol.points.empty': { 'zh-CN': '至少需要一个数据点', en: 'Add at least one data point' },
  'customProtocol.points.max': { 'zh-CN': '最多 32 个数据点', en: 'At most 32 data points' },
  'customProtocol.point.key': {
    'zh-CN': '数据点标识：字母开头，仅限字母、数字和下划线，最多 32 个字符',
    en: 'Data point key: starts with a letter; letters, digits and underscores; at most 32 characters',
  },
  'customProtocol.point.keyTaken': { 'zh-CN': '数据点标识重复：{key}', en: 'Data point key used twice: {key}' },
  'customProtocol.point.name': { 'zh-CN': '数据点名称：1-40 个字符', en: 'Data point name: 1-40 characters' },
  'customProtocol.point.offset': { 'zh-CN': '偏移：0-254', en: 'Offset: 0-254' },
  'customProtocol.point.scale': { 'zh-CN': '倍率须为非零数字', en: 'The scale must be a number other than 0' },
  'customProtocol.point.outside': {
    'zh-CN': '数据点“{name}”超出应答：它到第 {end} 字节，而校验之前只有 {length} 字节',
    en: 'Data point "{name}" lies outside the answer: it ends at byte {end}, and the answer has {length} bytes before its checksum',
  },
  'customProtocol.sample.hex': {
    'zh-CN': '样例应答须为完整字节的十六进制',
    en: 'The sample answer must be whole bytes of hex',
  },
  'customProtocol.sample.header': {
    'zh-CN': '应答帧头不符：应以 {header} 开头',
    en: 'Wrong answer header: the answer must start with {header}',
  },
  'customProtocol.sample.lengthByte': {
    'zh-CN': '长度字节表示应答共 {says} 字节，放不下帧头和校验或超过最长的 {most} 字节',
    en: 'The length byte makes the answer {says} bytes: too short for the header and checksum, or longer than the longest, {most}',
  },
  'customProtocol.sample.length': {
    'zh-CN': '应答长度错误：收到 {got} 字节，应为 {want} 字节',
    en: 'Wrong answer length: {got} bytes received, {want} expected',
  },
  'customProtocol.sample.checksum': {
    'zh-CN': '校验错误：应答的校验为 {got}，计算应为 {want}',
    en: 'Bad checksum: the answer carries {got}, the bytes give {want}',
  },
} as const;
