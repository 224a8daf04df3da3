import { theme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

// antd's Typography draws the frames' and first pages' text with its editable, copyable and
// measured-ellipsis machinery, which brings Input, Form's context and Tooltip onto every first
// screen (decision 0051). These draw the same elements with the same token styles, without it.

type Tone = 'secondary';

interface TextProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  children?: ReactNode;
  type?: Tone;
  strong?: boolean;
  /** One line, cut with an ellipsis (`Typography.Text ellipsis`). */
  ellipsis?: boolean;
}

function useTextStyle(type: Tone | undefined): CSSProperties {
  const { token } = theme.useToken();
  return {
    color: type === 'secondary' ? token.colorTextDescription : token.colorText,
    wordBreak: 'break-word',
    lineHeight: token.lineHeight,
  };
}

/** `Typography.Text`: a span in the text colour, `strong` in the strong weight. */
export function Text({ children, type, strong, ellipsis, style, ...rest }: TextProps) {
  const { token } = theme.useToken();
  const base = useTextStyle(type);
  const cut: CSSProperties = ellipsis
    ? {
        display: 'inline-block',
        maxWidth: '100%',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
        verticalAlign: 'bottom',
      }
    : {};
  return (
    <span {...rest} style={{ ...base, ...cut, ...style }}>
      {strong ? <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong> : children}
    </span>
  );
}

interface ParagraphProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  children?: ReactNode;
  type?: Tone;
  /** At most so many lines, the last cut with an ellipsis (`Typography.Paragraph ellipsis={{ rows }}`). */
  ellipsis?: { rows: number };
}

/** `Typography.Paragraph`: a block with a paragraph's space below. */
export function Paragraph({ children, type, ellipsis, style, ...rest }: ParagraphProps) {
  const base = useTextStyle(type);
  const cut: CSSProperties = ellipsis
    ? { display: '-webkit-box', WebkitLineClamp: ellipsis.rows, WebkitBoxOrient: 'vertical', overflow: 'hidden' }
    : {};
  return (
    <div {...rest} style={{ ...base, marginBottom: '1em', ...cut, ...style }}>
      {children}
    </div>
  );
}

interface TitleProps extends Omit<HTMLAttributes<HTMLHeadingElement>, 'children'> {
  children?: ReactNode;
  level: 1 | 2 | 3 | 4 | 5;
}

/** `Typography.Title`: the heading of that level in the heading size, weight and colour. */
export function Title({ children, level, style, ...rest }: TitleProps) {
  const { token } = theme.useToken();
  const base = useTextStyle(undefined);
  const Heading = `h${level}` as const;
  return (
    <Heading
      {...rest}
      style={{
        ...base,
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        ...style,
      }}
    >
      {children}
    </Heading>
  );
}
