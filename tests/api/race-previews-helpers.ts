import { expect } from 'vitest';
import { files, racePreviews } from '#server/db/schema';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

export function masterForm(bytes: Uint8Array, name = 'master.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.append('pdf', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return form;
}

export async function uploadMaster(admin: HttpClient, bytes: Uint8Array) {
  const res = await admin.post('/api/admin/upload-master-pdf', masterForm(bytes));
  expect(res.status, res.text).toBe(200);
  return res;
}

export async function uploadAndProcess(admin: HttpClient, bytes: Uint8Array) {
  await uploadMaster(admin, bytes);
  const res = await admin.post('/api/process-master-pdf');
  expect(res.status, res.text).toBe(200);
  return res;
}

export async function storedCounts(t: TestApp) {
  const fileRows = await t.ctx.db.select({ kind: files.kind }).from(files);
  const previews = await t.ctx.db.select({ id: racePreviews.id }).from(racePreviews);
  return {
    masters: fileRows.filter((f) => f.kind === 'master-preview-pdf').length,
    previewFiles: fileRows.filter((f) => f.kind === 'race-preview-pdf').length,
    previews: previews.length,
  };
}

/** The raw bytes of a GET with the client's cookies (HttpClient reads bodies as text). */
export async function getBytes(t: TestApp, client: HttpClient, path: string) {
  const res = await fetch(t.baseUrl + path, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
