import type { ThemeConfig } from 'antd';
import { Outlet } from 'react-router';
import { AntdProviders } from '../../shared/AntdProviders.tsx';

// Fingers, not pointers: controls at least 44 px high (Apple and Material guidance) and larger text.
const touchTheme: ThemeConfig = {
  token: { fontSize: 15, controlHeight: 44, controlHeightLG: 52, controlHeightSM: 36 },
};

/**
 * The pages after sign-in (tasks, answering) are built with antd; they load it with this layout,
 * so that the sign-in page, the first screen of most students, does without (decision 0051).
 */
export function AntdScope() {
  return (
    <AntdProviders theme={touchTheme}>
      <Outlet />
    </AntdProviders>
  );
}
