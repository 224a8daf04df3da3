/** What a caller may do to a device; spec section 6. */
export type DeviceRight = 'view' | 'edit' | 'delete';

// The condition itself is SQL, so it lives with the repositories; it is still reachable from here
// while code written against this module is moved over (issue 17).
export { deviceVisible } from './access-repository.ts';
