/** `scheme://user:password@` written as `scheme://user:***@`: no list shows a camera's password (decision 0122). */
export function maskedAddress(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@:?#]*):([^/@?#]*)@/i, '$1$2:***@');
}

/** The address to store: the one the form sent, or the stored one when the form sent it back masked and unchanged. */
export function addressToStore(sent: string, stored: string): string {
  return sent !== stored && sent === maskedAddress(stored) ? stored : sent;
}

/** Every `scheme://user:password@` in a text (ffmpeg's error line names its input) with the password masked. */
export function maskedInText(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)([^/@:?#\s]*):([^/@?#\s]*)@/gi, '$1$2:***@');
}
