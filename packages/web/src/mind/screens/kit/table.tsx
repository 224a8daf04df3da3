import type { ReactNode } from 'react';
import { palette } from './palette.ts';

/** A plain table on the wall: light rows, no controls, the figures right-aligned. */
export function WallTable({
  head,
  rows,
  testId,
  numeric = [],
}: {
  head: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  testId: string;
  /** Columns holding figures. */
  numeric?: number[];
}) {
  const align = (i: number) => (numeric.includes(i) ? 'right' : 'left');
  return (
    <div style={{ flex: 1, overflow: 'hidden' }}>
      <table data-testid={testId} style={{ width: '100%', borderCollapse: 'collapse', fontSize: 17 }}>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th
                key={h}
                style={{
                  textAlign: align(i),
                  color: palette.muted,
                  fontWeight: 400,
                  padding: '6px 8px',
                  borderBottom: `1px solid ${palette.line}`,
                }}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((c, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  key={i}
                  style={{
                    textAlign: align(i),
                    padding: '6px 8px',
                    borderBottom: '1px solid rgba(95, 179, 255, 0.12)',
                    color: palette.text,
                  }}
                >
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
