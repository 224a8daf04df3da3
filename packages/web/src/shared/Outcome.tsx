import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

interface OutcomeProps {
  status: 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  'data-testid'?: string;
}

/**
 * antd's Result for an error or a warning, drawn the same way without Result itself, whose 404,
 * 403 and 500 illustrations weigh 10 KB that no first screen should carry (decision 0051). The
 * 404 page (NotFound) keeps Result and loads when it is shown.
 */
export function Outcome({ status, title, subTitle, extra, 'data-testid': testId }: OutcomeProps) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <Flex vertical align="center" data-testid={testId} style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon
        style={{ fontSize: 72, marginBottom: 24, color: status === 'error' ? token.colorError : token.colorWarning }}
      />
      <div
        style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: 1.33, marginBlock: 8 }}
      >
        {title}
      </div>
      {subTitle && (
        <div style={{ color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
          {subTitle}
        </div>
      )}
      {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
    </Flex>
  );
}
