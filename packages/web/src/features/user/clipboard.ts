/**
 * Writes text to the clipboard; false when the browser refuses or has no clipboard (an insecure
 * context such as a LAN install over plain HTTP, or a denied permission).
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  // The Clipboard API is absent outside secure contexts, whatever the type declarations say.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard === undefined) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
