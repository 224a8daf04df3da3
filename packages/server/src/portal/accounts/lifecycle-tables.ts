/** Tables of the account lifecycle (codes, registration, password policy), added to `Database`. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the account lifecycle work.
export interface AccountLifecycleTables {}
