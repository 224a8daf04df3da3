import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { fileAddress } from '../files.ts';

/** The user's picture, or the first character of their name on the brand colour. */
export function UserAvatar({ name, avatar, size = 32 }: { name: string; avatar: string | null; size?: number }) {
  const src = fileAddress(avatar);
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <Avatar
      size={size}
      src={src}
      icon={initial ? undefined : <UserOutlined />}
      style={{ background: src ? undefined : '#2f6bd8', flex: 'none' }}
    >
      {initial}
    </Avatar>
  );
}
