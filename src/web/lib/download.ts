import { apiRequest } from './request';

/** The file name a Content-Disposition header gives, if any. */
function attachmentName(header: string | null): string | null {
  return header ? (/filename="([^"]+)"/.exec(header)?.[1] ?? null) : null;
}

/**
 * Fetches a file the server answers as an attachment (with the session cookie) and saves it under
 * the name the server gave. A refusal throws like any API call, so the page can say why.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await apiRequest('GET', url);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = attachmentName(res.headers.get('content-disposition')) ?? fallbackName;
  a.click();
  URL.revokeObjectURL(href);
}
