import { AntdProviders } from './AntdProviders.tsx';
import { CrashPage } from './CrashPage.tsx';
import { type AppEntry, startApp } from './startApp.tsx';

/** Starts an admin app (portal, Device Cloud, Mind): every page inside Ant Design's providers. */
export function mountApp(entry: AppEntry): void {
  startApp({ ...entry, Frame: AntdProviders, crash: <CrashPage /> }).catch((error: unknown) =>
    console.error('The app could not start', error),
  );
}
