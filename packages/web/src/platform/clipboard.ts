/** Copying text for the user. False when the browser refuses (no permission, not a secure page). */
export type Clipboard = (text: string) => Promise<boolean>;

export const browserClipboard: Clipboard = async (text) => {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};
