import { FILES_API, type FilePurpose, type FileRecord } from '@nexus/contracts';
import { http } from '../api/http';

/**
 * Uploads one file to the files module (docs/files.md) as multipart/form-data, the purpose first so
 * the server knows the rules before the bytes arrive. `onProgress` gets 0-100 as the bytes go out.
 */
export async function uploadFile(
  file: File,
  purpose: FilePurpose,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<FileRecord> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  // Through `request`, like every other call, so the one client's interceptors see it.
  const response = await http.request<{ data: FileRecord }>({
    method: 'POST',
    url: `${FILES_API}/upload`,
    data: form,
    signal,
    // No overall timeout: a large file on a slow line takes as long as it takes.
    timeout: 0,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return response.data.data;
}

/** Deletes one of the caller's files (the path names the caller, DESIGN section 4). */
export async function deleteFile(fileId: string, userId: number): Promise<void> {
  await http.request({ method: 'DELETE', url: `${FILES_API}/deleteFile/${fileId}/${userId}` });
}
