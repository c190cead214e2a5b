// The upload rules the API and the image pickers share (spec 2 §5, §9; contract "Uploads").
import { describe, expect, it } from 'vitest';
import { findUploadProblem, isImageContentType, UPLOAD_MESSAGES, uploadMaxBytes } from '../../../src/lib/uploads/upload-rules.ts';

const MB = 1024 * 1024;

describe('upload rules', () => {
  it('takes JPG, PNG and WebP only, in any case', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'IMAGE/PNG', ' image/webp ']) expect(isImageContentType(type)).toBe(true);
    for (const type of ['image/gif', 'image/svg+xml', 'image/jpg', 'text/html', '', 'image/png; charset=x']) expect(isImageContentType(type)).toBe(false);
  });

  it('limits avatars and the edit forms\' images to 5 MB and covers to 10 MB, with the spec\'s words', () => {
    expect(uploadMaxBytes('avatar')).toBe(5 * MB);
    expect(uploadMaxBytes('cover')).toBe(10 * MB);
    expect(findUploadProblem('avatar', 'image/png', 5 * MB)).toBeUndefined();
    expect(findUploadProblem('avatar', 'image/png', 5 * MB + 1)).toEqual({ field: 'size', message: 'Image size must be less than 5MB.' });
    expect(findUploadProblem('cover', 'image/png', 10 * MB + 1)).toEqual({ field: 'size', message: 'Image size must be less than 10MB.' });
    expect(findUploadProblem('person_image', 'image/webp', 6 * MB)?.message).toBe('Image size must be less than 5MB.');
    expect(findUploadProblem('avatar', 'image/gif', 10)).toEqual({ field: 'content_type', message: UPLOAD_MESSAGES.unsupportedType });
    expect(UPLOAD_MESSAGES.unsupportedType).toBe('Unsupported file type. Please use JPG, PNG, or WebP images.');
    expect(findUploadProblem('avatar', 'image/png', 0)?.field).toBe('size');
  });
});
