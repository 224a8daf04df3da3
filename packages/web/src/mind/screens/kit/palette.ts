/** The screens' colours: light figures on a deep blue wall, readable from across a room. */
export const palette = {
  ground: '#030b18',
  canvas: 'radial-gradient(circle at 50% 0%, #0f2f5c 0%, #071a33 55%, #050f1f 100%)',
  card: 'rgba(14, 45, 88, 0.55)',
  line: 'rgba(95, 179, 255, 0.35)',
  title: '#e6f1ff',
  text: '#d6e6ff',
  muted: '#8fa8c8',
  figure: '#5fd3ff',
  accent: ['#3ba0ff', '#36cfc9', '#73d13d', '#fadb14', '#fa8c16', '#f5222d', '#9254de', '#eb2f96'],
  danger: '#ff7875',
} as const;

/** ECharts text and axis colours for the dark wall. */
export const chartText = { color: palette.text, fontSize: 14 } as const;
export const axis = {
  axisLabel: { color: palette.text, fontSize: 14 },
  axisLine: { lineStyle: { color: palette.line } },
  splitLine: { lineStyle: { color: 'rgba(95, 179, 255, 0.12)' } },
} as const;
