// Object keys of uploads (docs/decisions/024, 029): published copies are `<purpose>/<random>.<ext>`,
// the originals members send `originals/<purpose>/<random>.<ext>` (a private prefix: never served).

/** The private prefix of originals: never served, never publicly readable (docs/decisions/029). */
export const ORIGINALS_PREFIX = 'originals/';

/** What a storage key looks like: an original or a published copy, 16–64 URL-safe characters named. */
export const STORAGE_KEY = /^(originals\/)?(avatar|cover|drama_banner|person_image)\/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;

/** Whether `key` is an original's (under the private prefix). */
export const isOriginalKey = (key: string) => key.startsWith(ORIGINALS_PREFIX) && STORAGE_KEY.test(key);
