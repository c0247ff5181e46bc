import { imageUpload } from '@lobby/contract';
import type { z } from 'zod';
import { fail } from '../../http/app-error.ts';

const DATA_URL = /^data:([a-z0-9.+/-]{1,100});base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An image sent inside a JSON body: `{data: <base64 or data: URL>, type?: <MIME type>}` (the contract's schema). */
export const mediaUploadSchema = imageUpload;

export type MediaUpload = z.infer<ReturnType<typeof mediaUploadSchema>>;

/** The bytes and declared type of an upload; malformed base64 is code 12, never a half-decoded image. */
export function decodeMediaUpload(upload: MediaUpload): { bytes: Buffer; declaredType?: string } {
  let data = upload.data;
  let declaredType = upload.type;
  const dataUrl = DATA_URL.exec(data);
  if (dataUrl) {
    data = data.slice(dataUrl[0].length);
    declaredType ??= dataUrl[1];
  }
  data = data.replace(/\s+/g, '');
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw fail('INVALID_PARAMETERS', 'data must be base64');
  return { bytes: Buffer.from(data, 'base64'), declaredType };
}

/** Route options that let a JSON body carry an image of `maxBytes` (base64 grows it by a third). */
export function mediaUploadRouteOptions(maxBytes: number): { bodyLimit: number } {
  return { bodyLimit: Math.ceil(maxBytes / 3) * 4 + 64 * 1024 };
}
