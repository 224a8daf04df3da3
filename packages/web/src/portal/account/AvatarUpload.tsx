import { CameraOutlined } from '@ant-design/icons';
import { uploadRules } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../shared/account/UserAvatar.tsx';
import type { UserInfo } from '../../shared/auth.ts';
import { errorText } from '../../shared/errors.ts';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';
import { updateInfo } from '../api.ts';

/**
 * The head image: jpg or png up to 1 MB (Device Cloud spec section 5), checked by its content
 * before it is sent; the new picture is saved at once.
 */
export function AvatarUpload({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (file: File) => {
      const stored = await uploadImage(file, 'avatar');
      await updateInfo({ avatar: stored.url });
    },
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('profile.avatarSaved'));
      await queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    },
    onError: (error) => message.error(errorText(error)),
  });
  return (
    <Flex align="center" gap={20}>
      <Spin spinning={change.isPending}>
        <UserAvatar name={user.nickname} avatar={user.avatar} size={72} />
      </Spin>
      <Flex vertical gap={6} align="flex-start">
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          maxCount={1}
          beforeUpload={async (file) => {
            const problem = await imageProblem(file, uploadRules.avatar);
            if (problem) message.error(problem);
            else change.mutate(file);
            // The upload goes through the shared client (token, language), never antd's own request.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<CameraOutlined />} loading={change.isPending} data-testid="avatar-upload">
            {t('profile.changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('profile.avatarHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
