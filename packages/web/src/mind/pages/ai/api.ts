import type {
  AiDistrictSave,
  AiSchoolPrivacySave,
  AiSettingSave,
  aiAvailability,
  aiDistrictRow,
  aiSchoolRow,
  aiSetting,
  aiSuggestionDraft,
  aiTestResult,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { del, get, post, put } from '../../../shared/request.ts';

/** The calls of the AI settings page and of a warning's generated suggestions (decision 0090). */

export type AiSetting = Output<typeof aiSetting>;
export type AiTestResult = Output<typeof aiTestResult>;
export type AiSchoolRow = Output<typeof aiSchoolRow>;
export type AiDistrictRow = Output<typeof aiDistrictRow>;
export type AiAvailability = Output<typeof aiAvailability>;
export type AiSuggestionDraft = Output<typeof aiSuggestionDraft>;

type Signal = AbortSignal | undefined;
const P = 'apis-psychology/aiSetting';

export const aiSettingInfo = (signal?: Signal) => get<AiSetting>(P, { signal });
export const saveAiSetting = (body: AiSettingSave) => put<AiSetting>(P, body);
export const testAiEndpoint = () => post<AiTestResult>(`${P}/test`);
export const aiSchools = (signal?: Signal) => get<AiSchoolRow[]>(`${P}/schools`, { signal });
export const saveAiSchool = (schoolId: number, body: AiSchoolPrivacySave) =>
  put<null>(`${P}/schools/${schoolId}`, body);
export const aiDistricts = (signal?: Signal) => get<AiDistrictRow[]>(`${P}/districts`, { signal });
export const saveAiDistrict = (districtId: number, body: AiDistrictSave) =>
  put<AiDistrictRow>(`${P}/districts/${districtId}`, body);
export const inheritAiEndpoint = (districtId: number) => del<null>(`${P}/districts/${districtId}`);
export const testAiDistrict = (districtId: number) => post<AiTestResult>(`${P}/districts/${districtId}/test`);
export const aiAvailabilityOf = (warningId: number, signal?: Signal) =>
  get<AiAvailability>(`apis-psychology/warning/${warningId}/aiSuggestions`, { signal });
export const draftAiSuggestions = (warningId: number) =>
  post<AiSuggestionDraft>(`apis-psychology/warning/${warningId}/aiSuggestions`);
