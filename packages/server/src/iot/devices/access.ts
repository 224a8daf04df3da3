/** What a caller may do to a device; spec section 6. */
export type DeviceRight = 'view' | 'edit' | 'delete';
