import {
  AccountBookOutlined,
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  DeploymentUnitOutlined,
  FieldTimeOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  VideoCameraOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

interface IotArea {
  key: string;
  icon: ReactNode;
  /** The in-app address; areas without one are listed as coming. */
  path?: string;
}

/** The areas of Device Cloud (spec section 2), in menu order; each gains its path when it ships. */
export const iotAreas: IotArea[] = [
  { key: 'home', icon: <HomeOutlined />, path: '/' },
  { key: 'devices', icon: <DeploymentUnitOutlined /> },
  { key: 'templates', icon: <AppstoreOutlined /> },
  { key: 'scada', icon: <FundProjectionScreenOutlined /> },
  { key: 'alarms', icon: <AlertOutlined /> },
  { key: 'tasks', icon: <FieldTimeOutlined /> },
  { key: 'firmware', icon: <CloudUploadOutlined /> },
  { key: 'network', icon: <WifiOutlined /> },
  { key: 'video', icon: <VideoCameraOutlined /> },
  { key: 'maintenance', icon: <ToolOutlined /> },
  { key: 'projects', icon: <TeamOutlined /> },
  { key: 'operations', icon: <BarChartOutlined /> },
  { key: 'billing', icon: <AccountBookOutlined /> },
  { key: 'settings', icon: <SettingOutlined /> },
];
