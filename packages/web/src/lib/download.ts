import { apiFetch } from './api';

/**
 * The file name of a Content-Disposition header (`attachment; filename="x.json"` or the RFC 5987
 * `filename*=UTF-8''x.json`), or undefined when it names none.
 */
export function dispositionFileName(header: string | null): string | undefined {
  if (header === null) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name === undefined || name === '' ? undefined : name;
}

/** Hands a blob to the browser as a download named `fileName` (a temporary object URL and <a download>). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads an API answer as a file: GET `path` with the session's token (a plain link could not
 * carry it), named by the answer's Content-Disposition or else `fallbackName`. Throws ApiError
 * like every API call, so failures take the usual error path.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await apiFetch('GET', path, undefined, { accept: '*/*' });
  const fileName = dispositionFileName(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await res.blob(), fileName);
  return fileName;
}
