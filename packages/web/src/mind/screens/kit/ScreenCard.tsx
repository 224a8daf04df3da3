import type { UseQueryResult } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors.ts';
import { palette } from './palette.ts';

interface ScreenCardProps<T> {
  title: string;
  testId: string;
  query: UseQueryResult<T>;
  /** Whether the answer holds nothing to draw: the card then says so instead of an empty chart. */
  isEmpty?(data: T): boolean;
  emptyText?: string;
  style?: CSSProperties;
  children(data: T): ReactNode;
}

/** A card's message in place of its figures (loading, empty, failed, closed). */
export const centred: CSSProperties = {
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  color: palette.muted,
  fontSize: 18,
  textAlign: 'center',
};

/**
 * One card of a screen with its own call: loading, empty and failed are drawn in the card, so a
 * call that fails costs that card only and the rest of the screen keeps working and refreshing.
 * A failed refresh keeps the last figures and says it could not refresh.
 */
export function ScreenCard<T>({ title, testId, query, isEmpty, emptyText, style, children }: ScreenCardProps<T>) {
  const { t } = useTranslation();
  const data = query.data;
  let body: ReactNode;
  if (data === undefined && query.isError) {
    body = (
      <div style={centred} data-testid={`${testId}-error`}>
        <span style={{ color: palette.danger }}>{t('scr.failed', { reason: errorText(query.error) })}</span>
        <button
          type="button"
          onClick={() => void query.refetch()}
          style={{
            background: 'transparent',
            color: palette.figure,
            border: `1px solid ${palette.line}`,
            borderRadius: 4,
            padding: '4px 16px',
            fontSize: 16,
            cursor: 'pointer',
          }}
        >
          {t('scr.retry')}
        </button>
      </div>
    );
  } else if (data === undefined) {
    body = (
      <div style={centred} data-testid={`${testId}-loading`}>
        {t('scr.loading')}
      </div>
    );
  } else if (isEmpty?.(data)) {
    body = (
      <div style={centred} data-testid={`${testId}-empty`}>
        {emptyText ?? t('scr.empty')}
      </div>
    );
  } else {
    body = children(data);
  }
  return (
    <CardFrame
      testId={testId}
      title={title}
      busy={query.isFetching}
      style={style}
      aside={
        data !== undefined &&
        query.isError && (
          <span style={{ fontSize: 14, color: palette.danger }} data-testid={`${testId}-stale`}>
            {t('scr.failed', { reason: errorText(query.error) })}
          </span>
        )
      }
    >
      {body}
    </CardFrame>
  );
}

/** A card's frame: its title (and what stands beside it) above its body. */
export function CardFrame({
  testId,
  title,
  busy = false,
  style,
  aside,
  children,
}: {
  testId: string;
  title: string;
  busy?: boolean;
  style?: CSSProperties | undefined;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      aria-busy={busy}
      style={{
        background: palette.card,
        border: `1px solid ${palette.line}`,
        borderRadius: 6,
        padding: '14px 18px',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        minWidth: 0,
        ...style,
      }}
    >
      <h2 style={{ margin: '0 0 10px', fontSize: 20, color: palette.title, fontWeight: 500, display: 'flex' }}>
        <span style={{ flex: 1 }}>{title}</span>
        {aside}
      </h2>
      {children}
    </section>
  );
}

/** A figure tile: a label and a big number. */
export function Kpi({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <div
      data-testid={testId}
      style={{
        flex: 1,
        background: palette.card,
        border: `1px solid ${palette.line}`,
        borderRadius: 6,
        padding: '14px 20px',
      }}
    >
      <div style={{ color: palette.muted, fontSize: 16 }}>{label}</div>
      <div data-testid={`${testId}-value`} style={{ color: tone ?? palette.figure, fontSize: 40, fontWeight: 600 }}>
        {value}
      </div>
    </div>
  );
}
