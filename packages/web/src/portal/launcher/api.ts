import { get, post } from '../../shared/request.ts';

/** One app of the launcher: `publishUrl` is the address it opens (Mind spec section 3, Menu group). */
export interface MenuApp {
  appId: number;
  appCode: string;
  appName: string;
  publishUrl: string;
  icon: string | null;
}

export interface MenuGroup {
  name: string;
  code: string;
  list: MenuApp[];
}

export const appMenu = (signal?: AbortSignal) => get<MenuGroup[]>('apis-portal/app/getAppMenu', { signal });

export const myFavourites = (signal?: AbortSignal) => get<MenuApp[]>('apis-portal/app/collect/my', { signal });

/** Saves the whole list of favourites, in order. */
export const saveFavourites = (appIds: number[]) => post<null>('apis-portal/app/collect/save', { appIds });
