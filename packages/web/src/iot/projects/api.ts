import type {
  myProjectView,
  Page,
  ProjectView,
  projectStatistics,
  projectUser,
  tagCategoryView,
  tagView,
} from '@meridian/contracts';
import { get, post, put, request } from '../../shared/request.ts';
import type { Output } from '../components/contracts.ts';

/** The calls of projects, device groups (tags and their categories) and project statistics. */

export type { ProjectView };
export type MyProject = Output<typeof myProjectView>;
export type ProjectUser = Output<typeof projectUser>;
export type TagCategory = Output<typeof tagCategoryView>;
export type DeviceTag = Output<typeof tagView>;
export type ProjectStatistics = Output<typeof projectStatistics>;

export interface ProjectFields {
  name: string;
  managerId?: number | null;
  managerName?: string | null;
  phone?: string | null;
  remark?: string | null;
}

type Paging = { page: number; size: number };

export const listProjects = (query: Paging & { keyword?: string }, signal?: AbortSignal) =>
  get<Page<ProjectView>>('iot/projects', { query, signal });
export const myProjects = (
  query: Paging & { keyword?: string; relation?: 'manager' | 'member' },
  signal?: AbortSignal,
) => get<Page<MyProject>>('iot/projects/mine', { query, signal });
export const createProject = (fields: ProjectFields) => post<ProjectView>('iot/projects', fields);
export const updateProject = (id: number, fields: ProjectFields) => put<ProjectView>(`iot/projects/${id}`, fields);
export const deleteProject = (id: number) => request<null>('DELETE', `iot/projects/${id}`);
export const dismissManager = (id: number) => post<ProjectView>(`iot/projects/${id}/dismiss-manager`);
export const projectUsers = (id: number, signal?: AbortSignal) =>
  get<ProjectUser[]>(`iot/projects/${id}/users`, { signal });
export const setProjectUsers = (id: number, userIds: number[]) =>
  put<ProjectUser[]>(`iot/projects/${id}/users`, { userIds });
export const projectStats = (query: Paging, signal?: AbortSignal) =>
  get<Page<ProjectStatistics>>('iot/statistics/projects', { query, signal });

export const listCategories = (signal?: AbortSignal) =>
  get<Page<TagCategory>>('iot/tag-categories', { query: { page: 1, size: 100 }, signal });
export const createCategory = (name: string) => post<TagCategory>('iot/tag-categories', { name });
export const renameCategory = (id: number, name: string) => put<TagCategory>(`iot/tag-categories/${id}`, { name });
export const deleteCategory = (id: number) => request<null>('DELETE', `iot/tag-categories/${id}`);
export const listTags = (query: Paging & { keyword?: string; categoryId?: number }, signal?: AbortSignal) =>
  get<Page<DeviceTag>>('iot/tags', { query, signal });
export interface TagFields {
  name: string;
  categoryId?: number | null;
  description?: string | null;
}
export const createTag = (fields: TagFields) => post<DeviceTag>('iot/tags', fields);
export const updateTag = (id: number, fields: TagFields) => put<DeviceTag>(`iot/tags/${id}`, fields);
export const deleteTag = (id: number) => request<null>('DELETE', `iot/tags/${id}`);
