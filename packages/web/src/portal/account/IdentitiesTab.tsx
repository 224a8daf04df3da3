import { ApartmentOutlined, CheckCircleFilled } from '@ant-design/icons';
import { Identity } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../shared/request.ts';

interface IdentityEntry {
  identityId: number;
  identityName: string;
  current: boolean;
  orgList: { id: number; deptName: string; type: string }[];
}

interface RoleEntry {
  roleId: number;
  roleName: string;
  app: string;
  current: boolean;
}

const switchTo = (body: { identityId?: number; roleId?: number }) =>
  post<{ identityId: number | null; roleId: number | null }>('apis-rbac/user/identity/switch', body);

function Choice({
  testId,
  title,
  current,
  extra,
  onSwitch,
  switching,
}: {
  testId: string;
  title: string;
  current: boolean;
  extra?: ReactNode;
  onSwitch(): void;
  switching: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid={testId}
      style={{ borderColor: current ? '#2f6bd8' : undefined, background: current ? '#f5f8ff' : undefined }}
    >
      <Flex align="center" justify="space-between" gap={12}>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Flex align="center" gap={8}>
            <Typography.Text strong>{title}</Typography.Text>
            {current && (
              <Tag color="blue" icon={<CheckCircleFilled />}>
                {t('identities.current')}
              </Tag>
            )}
          </Flex>
          {extra}
        </Flex>
        {!current && (
          <Button size="small" onClick={onSwitch} loading={switching}>
            {t('identities.switch')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/**
 * The identities of this account with their organisations, and its roles; either can be switched
 * for this session. Identity 4 (platform operator) is left out, as the Mind spec's account menu does.
 */
export function IdentitiesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const identities = useQuery({
    queryKey: ['account', 'identities'],
    queryFn: ({ signal }) => get<IdentityEntry[]>('apis-rbac/user/identity/list', { signal }),
    // Mind spec section 8: the identity list that cannot be obtained says so itself.
    meta: { silentError: true },
  });
  const roles = useQuery({
    queryKey: ['account', 'roles'],
    queryFn: ({ signal }) => get<RoleEntry[]>('apis-rbac/user/identity/role/permission', { signal }),
  });
  const change = useMutation({
    mutationFn: switchTo,
    onSuccess: async () => {
      message.success(t('identities.switched'));
      // What the user may see and do follows the identity and role: everything is read again.
      await queryClient.invalidateQueries();
    },
  });
  const shown = (identities.data ?? []).filter((identity) => identity.identityId !== Identity.operator);
  return (
    <Flex vertical gap={28}>
      <section>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('identities.title')}
        </Typography.Title>
        {identities.isPending ? (
          <Skeleton active />
        ) : identities.isError ? (
          <Empty
            data-testid="identities-failed"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('identities.failed')}
          />
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('identities.none')} />
        ) : (
          <Flex vertical gap={12}>
            {shown.map((identity) => (
              <Choice
                key={identity.identityId}
                testId={`identity-${identity.identityId}`}
                title={identity.identityName}
                current={identity.current}
                switching={change.isPending && change.variables?.identityId === identity.identityId}
                onSwitch={() => change.mutate({ identityId: identity.identityId })}
                extra={
                  identity.orgList.length > 0 ? (
                    <Flex wrap gap={6}>
                      {identity.orgList.map((org) => (
                        <Tag key={org.id} icon={<ApartmentOutlined />} variant="filled">
                          {org.deptName}
                          {org.type ? ` · ${t(`identities.orgType.${org.type}`, { defaultValue: org.type })}` : ''}
                        </Tag>
                      ))}
                    </Flex>
                  ) : (
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {t('identities.noOrg')}
                    </Typography.Text>
                  )
                }
              />
            ))}
          </Flex>
        )}
      </section>
      <section>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('identities.roles')}
        </Typography.Title>
        {roles.isPending ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap={12}>
            {(roles.data ?? []).map((role) => (
              <Choice
                key={role.roleId}
                testId={`role-${role.roleId}`}
                title={role.roleName}
                current={role.current}
                switching={change.isPending && change.variables?.roleId === role.roleId}
                onSwitch={() => change.mutate({ roleId: role.roleId })}
                extra={
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {t(`identities.app.${role.app}`, { defaultValue: role.app })}
                  </Typography.Text>
                }
              />
            ))}
          </Flex>
        )}
      </section>
    </Flex>
  );
}
