/**
 * The output type of a schema of @meridian/contracts. Every Zod schema is also a Standard Schema,
 * which carries its types, so the web reuses the server's shapes without importing Zod itself.
 */
export type Output<S> = S extends { '~standard': { types?: { output: infer O } } } ? O : never;
