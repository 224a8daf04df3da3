/** Messages of the device gateway, in every language. */
export const gatewayMessages = {};
