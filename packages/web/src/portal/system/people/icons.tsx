import {
  ApartmentOutlined,
  AuditOutlined,
  CalendarOutlined,
  ClusterOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  SolutionOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';

/** The side menu's icons of the people pages. */
export const peopleIcons = {
  orgs: <ApartmentOutlined />,
  students: <IdcardOutlined />,
  parents: <UsergroupAddOutlined />,
  teachers: <SolutionOutlined />,
  reshuffle: <AuditOutlined />,
  depts: <ClusterOutlined />,
  xuenian: <CalendarOutlined />,
  dataCheck: <FileSearchOutlined />,
};
