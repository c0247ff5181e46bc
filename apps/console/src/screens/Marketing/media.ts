import dayjs, { type Dayjs } from 'dayjs';

/** The eight interface languages (SPEC section 1), as the server names them. */
export const LANGUAGES = ['zh_CN', 'zh_TW', 'en_US', 'pt_BR', 'vi_VN', 'id_ID', 'th_TH', 'ar_EG'] as const;

/** A picked file as the `image` field of an operator call: `{data: <data: URL>, type}`. */
export function readImage(file: File): Promise<{ data: string; type: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ data: String(reader.result), type: file.type || 'application/octet-stream' });
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

export const toDayjs = (iso: string | null | undefined): Dayjs | null => (iso ? dayjs(iso) : null);
export const toIso = (value: Dayjs | null | undefined): string | null => (value ? value.toDate().toISOString() : null);
