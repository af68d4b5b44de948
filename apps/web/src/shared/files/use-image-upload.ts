import { type FilePurpose, type FileRecord, PROFILE_PHOTO_TYPES } from '@nexus/contracts';
import { useRef, useState } from 'react';
import { errorMessage } from '../api/http';
import { uploadFile } from './upload-file';

/** What an image picker's file input accepts. */
export const IMAGE_ACCEPT = PROFILE_PHOTO_TYPES.join(',');

/**
 * One image upload with its progress and its error, as the cover and photo pickers share it: the
 * type and size are checked before any byte goes out (the server checks again), then the file goes
 * to the files module under `purpose`. `noun` names the thing in messages ("The photo is larger…").
 */
export function useImageUpload(purpose: FilePurpose, maxMb: number, noun = 'image') {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // FileButton's reset: picking the same file twice must fire its change again.
  const resetRef = useRef<() => void>(null);

  /** Checks and uploads `file`; the stored record, or null when refused or failed (see `error`). */
  const upload = async (file: File | null): Promise<FileRecord | null> => {
    resetRef.current?.();
    if (!file) return null;
    setError(null);
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setError('Choose a PNG, JPEG, WebP or GIF image.');
      return null;
    }
    if (file.size > maxMb * 1024 * 1024) {
      setError(`The ${noun} is larger than ${maxMb} MB. Choose a smaller one.`);
      return null;
    }
    setProgress(0);
    try {
      return await uploadFile(file, purpose, setProgress);
    } catch (failure) {
      setError(errorMessage(failure, `The ${noun} could not be uploaded. Please try again.`));
      return null;
    } finally {
      setProgress(null);
    }
  };

  return {
    upload,
    progress,
    uploading: progress !== null,
    error,
    clearError: () => setError(null),
    resetRef,
  };
}
