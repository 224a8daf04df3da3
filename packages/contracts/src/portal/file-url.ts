// No schema here: the front ends' headers show stored logos and avatars on their first screen (decision 0051).

/** The address that serves a stored file. */
export function fileUrl(path: string): string {
  return `/api/apis-third/file/getByPath?path=${encodeURIComponent(path)}`;
}
