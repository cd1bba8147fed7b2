import { fieldOf, stringFieldOf } from '#shared/unknown-values';

/** An admin upload's answer: success or not, the message, and the popup text when there is one. */
export interface UploadResult {
  success: boolean;
  message: string;
  popupMessage?: string;
  /** The whole answer as sent (a preview's details ride along with its message). */
  body?: unknown;
}

/**
 * Multipart upload through XMLHttpRequest, the one browser API that reports upload progress.
 * The body is read whatever the status: failure comes back through `success`.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      const ok = xhr.status >= 200 && xhr.status < 300 && fieldOf(body, 'success') !== false;
      resolve({
        success: ok,
        message:
          stringFieldOf(body, 'message', { nonEmpty: true }) ??
          (ok ? 'Upload complete' : `Upload failed (${xhr.status})`),
        popupMessage: stringFieldOf(body, 'popupMessage'),
        body,
      });
    };
    xhr.onerror = () => resolve({ success: false, message: 'Network error. Please try again.' });
    xhr.send(form);
  });
}
