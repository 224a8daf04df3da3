/** A failure the task's owner reads: a catalogue key and its parameters. No retry will change it. */
export class DownloadFailure extends Error {
  readonly key: string;
  readonly params: Record<string, string | number>;

  constructor(key: string, params: Record<string, string | number> = {}) {
    super(key);
    this.name = 'DownloadFailure';
    this.key = key;
    this.params = params;
  }
}

/** The task was cancelled or deleted while it was being written: stop and keep nothing. */
export class DownloadStopped extends Error {
  constructor() {
    super('the download task was cancelled or deleted');
    this.name = 'DownloadStopped';
  }
}

/** What a writer reports as it goes; `advance` also stops it when the owner cancelled. */
export interface Progress {
  setTotal(total: number): Promise<void>;
  /** Records `written` of the total; throws `DownloadStopped` when the task is no longer running. */
  advance(written: number): Promise<void>;
}
