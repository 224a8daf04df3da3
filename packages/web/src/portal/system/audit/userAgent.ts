const browsers: Array<[name: string, pattern: RegExp]> = [
  ['WeChat', /MicroMessenger\/([\d.]+)/],
  ['DingTalk', /DingTalk\/([\d.]+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

const systems: Array<[name: string, pattern: RegExp]> = [
  ['Windows', /Windows NT/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux|X11/],
];

/**
 * "Chrome 126 · Windows" from a User-Agent header, for a column that has no room for the whole
 * header (it stays in the tooltip). Anything unrecognised is shown as it came, shortened.
 */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const system = systems.find(([, pattern]) => pattern.test(userAgent))?.[0];
  if (!browser) return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
  const [name, pattern] = browser;
  const major = userAgent.match(pattern)?.[1]?.split('.')[0];
  const label = major ? `${name} ${major}` : name;
  return system ? `${label} · ${system}` : label;
}
