import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../shared/CrashPage.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import { notFoundRoute, type RouteHandle } from '../shared/routing.ts';
import { MindLayout } from './MindLayout.tsx';
import { SessionGate } from './session/SessionGate.tsx';
import { BUILT_DATA_PAGES, PENDING_PAGE } from './shell/builtPages.ts';
import { DATA_CHILDREN, DATA_REDIRECTS, OPEN_ROUTES, SCREENS, titleKey } from './shell/routeTable.ts';

const handle = (path: string) => ({ title: titleKey(path) }) satisfies RouteHandle;

// Each page is its own bundle; the "coming" and screen pages are one each, shared by every route that shows them.
const coming = async () => ({ Component: (await import('./pages/ComingPage.tsx')).ComingPage });
const screen = async () => ({ Component: (await import('./pages/ScreenPage.tsx')).ScreenPage });

/** Pages a feature has built; every other child of `/data/` shows the coming page. */
const builtData: Record<string, RouteObject['lazy']> = {
  home: async () => ({ Component: (await import('./home/HomePage.tsx')).HomePage }),
  ...BUILT_DATA_PAGES,
};

/** Screens a feature has built (docs/screens.md); the others show the placeholder wall. */
const builtScreens: Record<string, RouteObject['lazy']> = {
  districtScreen: async () => ({ Component: (await import('./screens/DistrictScreen.tsx')).DistrictScreen }),
  // The district overview by school stage and the sub-district screen (decision 0125).
  districtScreenGs: async () => ({
    Component: (await import('./screens/DistrictStagesScreen.tsx')).DistrictStagesScreen,
  }),
  districtScreenJd: async () => ({ Component: (await import('./screens/DistrictScreen.tsx')).DistrictScreenJd }),
  schoolWarning: async () => ({ Component: (await import('./screens/SchoolWarningScreen.tsx')).SchoolWarningScreen }),
  schoolWarningScreen: async () => ({ Component: (await import('./screens/WarningScreen.tsx')).WarningScreen }),
  manageScreen: async () => ({ Component: (await import('./screens/ManageScreen.tsx')).ManageScreen }),
  securityScreen: async () => ({ Component: (await import('./screens/SecurityScreen.tsx')).SecurityScreen }),
  districtYouthSoulHome: async () => ({ Component: (await import('./screens/YouthSoulHome.tsx')).YouthSoulHome }),
  districtYouthSoulHomeSchool: async () => ({
    Component: (await import('./screens/YouthSoulHome.tsx')).YouthSoulHomeSchool,
  }),
  districtYouthSoulHomeWarning: async () => ({
    Component: (await import('./screens/YouthSoulHome.tsx')).YouthSoulHomeWarning,
  }),
  mindProfile: async () => ({ Component: (await import('./screens/MindProfile.tsx')).MindProfile }),
  // The emotion screens (decision 0119): aggregates per school and class from the emotion summaries.
  districtScreenEmotion: async () => ({
    Component: (await import('./screens/EmotionDistrictScreen.tsx')).DistrictEmotionScreen,
  }),
  districtScreenEmotionJd: async () => ({
    Component: (await import('./screens/EmotionDistrictScreen.tsx')).DistrictEmotionJdScreen,
  }),
  schoolWarningScreenEmotion: async () => ({
    Component: (await import('./screens/SchoolEmotionScreen.tsx')).SchoolEmotionScreen,
  }),
  // Open by the spec, but it shows the signed-in user's own information only, and without a session the way to sign in.
  personalInformation: async () => ({
    Component: (await import('./screens/PersonalInformation.tsx')).PersonalInformation,
  }),
  // Open (spec section 5): a published link's aggregates without a session, or the links for an administrator.
  schoolScreen: async () => ({ Component: (await import('./screens/SchoolScreen.tsx')).SchoolScreen }),
};

const isOpen = (name: string) => (OPEN_ROUTES as readonly string[]).includes(name);

/** Mind's addresses (spec section 2) under `/jdp/`. */
export const mindRoutes: RouteObject[] = [
  {
    path: '/',
    Component: MindLayout,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/data/home" replace /> },
      // Spec section 5: the welcome, school screen and personal information pages skip the check.
      {
        path: 'welcomeHome',
        handle: handle('welcomeHome'),
        lazy: async () => ({ Component: (await import('./screens/WelcomeHome.tsx')).WelcomeHome }),
      },
      ...SCREENS.filter(isOpen).map((name) => ({
        path: name,
        handle: handle(name),
        lazy: builtScreens[name] ?? screen,
      })),
      {
        path: 'noPermission',
        handle: handle('noPermission'),
        lazy: async () => ({ Component: (await import('./pages/NoPermissionPage.tsx')).NoPermissionPage }),
      },
      {
        Component: SessionGate,
        children: [
          {
            path: 'data',
            lazy: async () => ({ Component: (await import('./shell/DataLayout.tsx')).DataLayout }),
            children: [
              { index: true, element: <Navigate to="/data/homeVisitTaskConfig" replace /> },
              ...DATA_CHILDREN.map((path) => {
                const to = DATA_REDIRECTS[path];
                if (to) return { path, element: <Navigate to={`/data/${to}`} replace /> };
                return { path, handle: handle(path), lazy: builtData[path] ?? coming };
              }),
              { path: '*', lazy: notFoundRoute },
            ],
          },
          {
            path: 'accountCenter',
            handle: handle('accountCenter'),
            lazy: async () => ({ Component: (await import('./pages/AccountCenterFrame.tsx')).AccountCenterFrame }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: await (await import('./pages/accountCenter.ts')).loadAccountCenter() }),
              },
            ],
          },
          {
            path: 'pending',
            handle: handle('pending'),
            lazy: async () => ({ Component: (await import('./shell/DataLayout.tsx')).DataLayout }),
            children: [{ index: true, lazy: PENDING_PAGE }],
          },
          ...SCREENS.filter((name) => !isOpen(name)).map((name) => ({
            path: name,
            handle: handle(name),
            lazy: builtScreens[name] ?? screen,
          })),
        ],
      },
      { path: '*', lazy: notFoundRoute },
    ],
  },
];
