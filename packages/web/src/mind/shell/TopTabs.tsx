import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoleId } from '../access/roleId.ts';
import { BUILT_DATA_PAGES } from './builtPages.ts';
import { tabsFor } from './tabs.ts';

const built = (route: string) => route in BUILT_DATA_PAGES;

/** The top sub-navigation of the page's route group; nothing on a page that belongs to none. */
export function TopTabs({ route }: { route: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleId = useRoleId();
  // Until the role is known, restricted tabs stay out rather than flash in.
  const shown = tabsFor(route, roleId ?? null, built);
  if (!shown) return null;
  return (
    <Tabs
      data-testid="top-tabs"
      activeKey={shown.active}
      onChange={(key) => navigate(`/data/${key}`)}
      items={shown.tabs.map((tab) => ({ key: tab.route, label: t(`tabs.${shown.group}.${tab.route}`) }))}
      style={{ marginBottom: 0 }}
    />
  );
}
