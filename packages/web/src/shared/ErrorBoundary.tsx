import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// No antd here: H5 shows its own light pages for these (decision 0051); the admin apps' are in CrashPage.tsx.

/** Catches render errors outside the router (providers, layouts before the router mounts). */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The page crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.crashed ? this.props.fallback : this.props.children;
  }
}

/**
 * For the router's error element: whether the address matched nothing (a 404) or a route threw
 * while rendering or its code failed to load (an old tab after a new release); the latter is logged.
 */
export function useRouteFailure(): 'notFound' | 'crashed' {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('A route failed', error);
  }, [error, notFound]);
  return notFound ? 'notFound' : 'crashed';
}
