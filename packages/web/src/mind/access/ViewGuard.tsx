import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { usePermissionEntries } from '../shell/api.ts';

/**
 * A page for a role that may see it; one that may not is told so in words rather than shown a
 * refused call (as the account-binding page does), under the page's own test id.
 */
export function ViewGuard(props: { may: boolean; testId: string; refusal: string; children: ReactNode }) {
  const entries = usePermissionEntries();
  if (entries.isPending) return <PageLoading />;
  if (!props.may)
    return (
      <Card data-testid={props.testId}>
        <Alert type="info" showIcon title={props.refusal} data-testid="no-access" />
      </Card>
    );
  return props.children;
}
