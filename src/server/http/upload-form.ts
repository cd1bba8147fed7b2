import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { isStorableText } from '#shared/text-safety';
import { codeOf, fieldOf } from '#shared/unknown-values';
import { HttpError } from './errors';
import { BAD_CHARACTER_IN_BODY } from './refuse-bad-text';

/**
 * One multipart upload reader for every upload endpoint: one file field plus a few text fields,
 * with the size limits mapped to 413 and a clear message naming what was expected.
 */
/** Largest PDF accepted (a back-catalogue guide, the race previews' master PDF). */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

export interface UploadFormSpec {
  /** What the file is, for messages: "PDF", "workbook". */
  noun: string;
  fileField: string;
  /** Further file fields a form may carry (its scope must allow as many files), each at most once. */
  extraFileFields?: string[];
  textFields: string[];
  maxBytes: number;
}

interface UploadedFile {
  data: Buffer;
  filename: string | undefined;
}

export interface UploadForm {
  data: Buffer | undefined;
  filename: string | undefined;
  fields: Record<string, string | undefined>;
  /** The extra file fields that came, by name. */
  extraFiles: Record<string, UploadedFile | undefined>;
}

/**
 * Registers multipart parsing in an encapsulated scope (only that scope's routes accept uploads,
 * each with its own size limit) and hands the scope to `routes`.
 */
export function registerUploadScope(
  app: FastifyInstance,
  maxBytes: number,
  routes: (scope: FastifyInstance) => void,
  fieldSize = 1000,
  files = 1,
) {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes, files, fields: 5, fieldSize, parts: 8 } });
    routes(scope);
  });
}

export async function readUploadForm(request: FastifyRequest, spec: UploadFormSpec): Promise<UploadForm> {
  if (!request.isMultipart()) {
    const names = [spec.fileField, ...spec.textFields].map((f) => `"${f}"`);
    const fields =
      names.length > 1 ? `the fields ${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : `the field ${names[0]}`;
    throw new HttpError(415, `Send the ${spec.noun} as multipart/form-data with ${fields}.`);
  }
  const form: UploadForm = { data: undefined, filename: undefined, fields: {}, extraFiles: {} };
  const seen = new Set<string>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await readFilePart(part.file, spec.maxBytes, Number(request.headers['content-length'])); // always drained, so a stray file field cannot stall the form
        if (seen.has(part.fieldname)) throw new HttpError(413, `Send one ${spec.noun} at a time.`);
        seen.add(part.fieldname);
        if (part.fieldname === spec.fileField) {
          form.data = data;
          form.filename = cleanFilename(part.filename);
        } else if (spec.extraFileFields?.includes(part.fieldname)) {
          form.extraFiles[part.fieldname] = { data, filename: cleanFilename(part.filename) };
        }
      } else if (spec.textFields.includes(part.fieldname) && typeof part.value === 'string') {
        // busboy cuts an over-long field silently; a cut value must never be used as if whole.
        if (part.valueTruncated) throw new HttpError(413, `The field "${part.fieldname}" is too long.`);
        if (!isStorableText(part.value)) throw new HttpError(400, BAD_CHARACTER_IN_BODY);
        form.fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (err) {
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `The ${spec.noun} is too large: the limit is ${spec.maxBytes / (1024 * 1024)} MB.`);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `Send one ${spec.noun} at a time.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, 'The form has too many fields.');
    if (err instanceof HttpError) throw err;
    // Anything else here is the multipart parser failing on the bytes sent (no boundary, a body
    // cut off mid-part): the client's form is broken, not the server.
    const status = fieldOf(err, 'statusCode');
    if (typeof status === 'number' && status > 0 && status < 500) throw err;
    throw new HttpError(400, `The upload form could not be read. Send the ${spec.noun} again as multipart/form-data.`);
  }
  return form;
}

/**
 * A file part's bytes, copied chunk by chunk as they arrive into one buffer sized from the
 * request's Content-Length. Collecting the chunks and joining them at the end (what the multipart
 * plugin's toBuffer does) held the server's thread ~40 ms for a 10 MB workbook in one piece. The
 * buffer is shared memory, so a parsing worker reads it without another copy (parse-off-thread.ts).
 * Trusting the declared length to reserve memory is safe here: only admins reach an upload route
 * (access is checked before the body is read), and it is capped at the route's limit.
 */
async function readFilePart(
  file: AsyncIterable<Buffer> & { truncated: boolean },
  maxBytes: number,
  contentLength: number,
): Promise<Buffer> {
  const capacity = Number.isSafeInteger(contentLength) && contentLength > 0 ? Math.min(contentLength, maxBytes) : 0;
  let data: Buffer = Buffer.from(new SharedArrayBuffer(capacity));
  let length = 0;
  let tooLarge = false;
  for await (const chunk of file) {
    if (tooLarge || file.truncated) {
      tooLarge = true; // drained to the end: busboy goes on to the next part
      continue;
    }
    if (length + chunk.length > data.length) data = grown(data, length, length + chunk.length);
    chunk.copy(data, length);
    length += chunk.length;
  }
  if (tooLarge || file.truncated)
    throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return data.subarray(0, length);
}

/** Room for `needed` bytes (only when Content-Length was missing or wrong): doubles, as arrays do. */
function grown(data: Buffer, length: number, needed: number): Buffer {
  const bigger = Buffer.from(new SharedArrayBuffer(Math.max(needed, data.length * 2, 64 * 1024)));
  data.copy(bigger, 0, 0, length);
  return bigger;
}

/**
 * The client's file name is only ever shown and logged: keep its last path segment, without
 * control characters (PostgreSQL refuses a NUL in text) and at a sane length.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function cleanFilename(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const cleaned = (name.split(/[\\/]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(0, 200);
  return cleaned || undefined;
}
