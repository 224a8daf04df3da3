import type {
  AutomaticRules,
  EmotionBoard,
  EmotionDistrictScreen,
  LocalText,
  MindProfile,
  ScreenBands,
  ScreenCare,
  ScreenGauge,
  ScreenGradeWarnings,
  ScreenHolders,
  ScreenLink,
  ScreenLinkCreate,
  ScreenLinkCreated,
  ScreenLinks,
  ScreenNodes,
  ScreenOverduePage,
  ScreenPublicOverview,
  ScreenSchools,
  ScreenStages,
  ScreenTasks,
  ScreenTrend,
  SecurityDevices,
  SecurityFeed,
  SecuritySummary,
  SecurityTrend,
  StaffWechatBinding,
  StaffWechatTicket,
} from '@meridian/contracts';
import { hasPermission, SCREEN_LINK_HEADER, type STAFF_WECHAT_TICKET_STATES } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLang } from '../../shared/i18n.ts';
import { get, post } from '../../shared/request.ts';
import { usePermissionEntries } from '../shell/api.ts';

/** How often a screen on a wall asks again: the summary tables make each call a few rows. */
export const SCREEN_REFRESH_MS = 60_000;

type Query = Record<string, string | number | undefined>;

/** One card's call: refreshed on its own timer, its failure shown in the card (no toast on a wall). */
function useScreenCall<T>(name: string, path: string, query: Query, enabled: boolean) {
  return useQuery({
    queryKey: ['mind.screen', name, query],
    queryFn: ({ signal }) => get<T>(path, { query, signal }),
    enabled,
    refetchInterval: SCREEN_REFRESH_MS,
    staleTime: 0,
    meta: { silentError: true },
  });
}

export const useSchools = (q: Query, enabled = true) =>
  useScreenCall<ScreenSchools>('schools', 'apis-psychology/screen/school/queryList', q, enabled);
export const useBands = (q: Query, enabled = true) =>
  useScreenCall<ScreenBands>('bands', 'apis-psychology/screen/school/queryClassTj', q, enabled);
export const useGauge = (q: Query, enabled = true) =>
  useScreenCall<ScreenGauge>('gauge', 'apis-psychology/warning/gauge', q, enabled);
/** The district overview's figures by school stage (decision 0125). */
export const useStages = (q: Query, enabled = true) =>
  useScreenCall<ScreenStages>('stages', 'apis-psychology/screen/district/stages', q, enabled);
/** The sub-districts below the caller, for the sub-district walls' picker (decision 0132). */
export const useNodes = (enabled = true) =>
  useScreenCall<ScreenNodes>('nodes', 'apis-psychology/screen/district/nodes', {}, enabled);
export const useOverdue = (q: Query, enabled = true) =>
  useScreenCall<ScreenOverduePage>('overdue', 'apis-psychology/screen/school/queryPage', { size: 8, ...q }, enabled);
export const useHolders = (q: Query, enabled = true) =>
  useScreenCall<ScreenHolders>('holders', 'apis-psychology/screen/school/holders', q, enabled);

export const useTrend = (q: Query, enabled = true) =>
  useScreenCall<ScreenTrend>('trend', 'apis-psychology/screen/school/trend', q, enabled);
export const useGradeWarnings = (q: Query, enabled = true) =>
  useScreenCall<ScreenGradeWarnings>('grades', 'apis-psychology/warning/radarList', q, enabled);
export const useTasks = (q: Query, enabled = true) =>
  useScreenCall<ScreenTasks>('tasks', 'apis-psychology/screen/school/tasks', q, enabled);
/** Counselling and home visits of the semester (decision 0132). */
export const useCare = (q: Query, enabled = true) =>
  useScreenCall<ScreenCare>('care', 'apis-psychology/screen/school/care', q, enabled);

/** `process/rule/zngy` (decision 0135): what the platform raised by itself, by rule and state. */
export const useAutomaticRules = (q: Query, enabled = true) =>
  useScreenCall<AutomaticRules>('zngy', 'apis-psychology/process/rule/zngy', q, enabled);

/** The `analysis/review/gygz` lists the cockpit's review card counts (decisions 0135, 0141), the whole first. */
export const REVIEW_CALLS = ['gygz', 'gygz/fdth', 'gygz/dfht', 'gygz/tfsj', 'gygz/zxzj', 'gygz/fxht'] as const;
export type ReviewCall = (typeof REVIEW_CALLS)[number];
export type ReviewCounts = { call: ReviewCall; total: number }[];
/**
 * The review card's figures: each review list's `total`, asked for one row. One card, so one answer:
 * the lists share one access (`/data/intervene:view`) and fail together.
 */
export const useReviewCounts = (enabled = true) =>
  useQuery({
    queryKey: ['mind.screen', 'review'],
    queryFn: ({ signal }) =>
      Promise.all(
        REVIEW_CALLS.map(async (call) => {
          const page = await get<{ total: number }>(`apis-psychology/analysis/review/${call}`, {
            query: { page: 1, size: 1 },
            signal,
          });
          return { call, total: page.total };
        }),
      ) as Promise<ReviewCounts>,
    enabled,
    refetchInterval: SCREEN_REFRESH_MS,
    staleTime: 0,
    meta: { silentError: true },
  });

/** The emotion screens' calls (decision 0119): the district, one sub-district node, one school. */
export const useEmotionDistrict = (q: Query, enabled = true) =>
  useScreenCall<EmotionDistrictScreen>('emotion.district', 'apis-psychology/screen/emotion/district', q, enabled);
export const useEmotionNode = (q: Query, enabled = true) =>
  useScreenCall<EmotionDistrictScreen>('emotion.node', 'apis-psychology/screen/emotion/node', q, enabled);
export const useEmotionSchool = (q: Query, enabled = true) =>
  useScreenCall<EmotionBoard>('emotion.school', 'apis-psychology/screen/emotion/school', q, enabled);

/**
 * A student's mind profile (decision 0105): a read of the student's file, audited on the server,
 * so asked once per opening and not refreshed on a timer (a wall left open would fill the audit log).
 */
export const useMindProfile = (studentId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['mind.screen', 'profile', studentId],
    queryFn: ({ signal }) => post<MindProfile>('apis-psychology-audit/screen/mindProfile', { studentId }, { signal }),
    enabled: enabled && studentId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });

/** The security-warning cockpit's cards (decision 0096), each its own call. */
interface SecurityParts {
  summary: SecuritySummary;
  devices: SecurityDevices;
  feed: SecurityFeed;
  trend: SecurityTrend;
}
export const useSecurity = <P extends keyof SecurityParts>(part: P, q: Query, enabled = true) =>
  useScreenCall<SecurityParts[P]>(`security.${part}`, `apis-psychology/screen/security/${part}`, q, enabled);

/** What a published link opens (decision 0091): each card its own call, the token the only key. */
interface PublicParts {
  overview: ScreenPublicOverview;
  bands: ScreenBands;
  warnings: ScreenGauge;
  trend: ScreenTrend;
}
export const usePublic = <P extends keyof PublicParts>(part: P, token: string) =>
  useQuery({
    queryKey: ['mind.screen', `public.${part}`, token],
    queryFn: ({ signal }) =>
      get<PublicParts[P]>(`apis-psychology/screen/public/${part}`, {
        headers: { [SCREEN_LINK_HEADER]: token },
        signal,
      }),
    refetchInterval: SCREEN_REFRESH_MS,
    staleTime: 0,
    meta: { silentError: true },
  });

const LINKS = ['mind.screen', 'links'];
export const useLinks = (enabled: boolean) =>
  useQuery({
    queryKey: LINKS,
    queryFn: ({ signal }) => get<ScreenLinks>('apis-psychology/screen/school/links', { signal }),
    enabled,
    meta: { silentError: true },
  });
export function useCreateLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ScreenLinkCreate>) =>
      post<ScreenLinkCreated>('apis-psychology/screen/school/links', body),
    onSuccess: () => client.invalidateQueries({ queryKey: LINKS }),
  });
}
export function useRevokeLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<ScreenLink>('apis-psychology/screen/school/links/revoke', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: LINKS }),
  });
}

/**
 * Whether the caller's role may open this screen: `null` while the role's entries load. A screen
 * asks for nothing it may not show, and says so on the wall instead of failing every card.
 */
export function useScreenAccess(screen: string): boolean | null {
  return usePageAccess(`/${screen}`);
}

/** Whether the caller's role may view a page (`/data/intervene`): a card reading its calls asks first. */
export function usePageAccess(page: string): boolean | null {
  const entries = usePermissionEntries();
  if (!entries.data) return entries.isError ? false : null;
  return hasPermission(entries.data, page, 'view');
}

export const textIn = (text: LocalText | null | undefined): string => {
  if (!text) return '';
  return text[currentLang()] || text['zh-CN'] || text.en || '';
};

/** `?schoolId=` in the address narrows a screen to one school of the caller's scope. */
export function screenFilters(search: string): Query {
  const params = new URLSearchParams(search);
  const schoolId = Number(params.get('schoolId'));
  return Number.isInteger(schoolId) && schoolId > 0 ? { schoolId } : {};
}

/** The caller's own WeChat for campus alerts (decision 0156): state, a new binding code, a code's state, unbinding. */
export const wechatBinding = (signal?: AbortSignal) =>
  get<StaffWechatBinding>('apis-psychology/wechatBind', { signal });
export const newWechatCode = () => post<StaffWechatTicket>('apis-psychology/wechatBind/ticket', {});
export const wechatCodeState = (id: number, signal?: AbortSignal) =>
  get<{ state: (typeof STAFF_WECHAT_TICKET_STATES)[number] }>(`apis-psychology/wechatBind/ticket/${id}`, { signal });
export const unbindWechat = () => post<StaffWechatBinding>('apis-psychology/wechatBind/unbind', {});
