/** An admin upload's answer: success or not, the message, and the popup text when there is one. */
export interface UploadResult {
  success: boolean;
  message: string;
  popupMessage?: string;
  /** The whole answer as sent (a preview's details ride along with its message). */
  body?: Record<string, unknown>;
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
      let body: Partial<UploadResult>;
      try {
        body = JSON.parse(xhr.responseText || '{}') as Partial<UploadResult>;
      } catch {
        body = {};
      }
      const ok = xhr.status >= 200 && xhr.status < 300 && body.success !== false;
      resolve({
        success: ok,
        message:
          typeof body.message === 'string' && body.message
            ? body.message
            : ok
              ? 'Upload complete'
              : `Upload failed (${xhr.status})`,
        popupMessage: typeof body.popupMessage === 'string' ? body.popupMessage : undefined,
        body: body as Record<string, unknown>,
      });
    };
    xhr.onerror = () => resolve({ success: false, message: 'Network error. Please try again.' });
    xhr.send(form);
  });
}
