import type { ApiFailure } from './bazaarApi';
import { TOKEN_KEY } from './request';

/**
 * Uploads one file as multipart (field `file`) to `url`, reporting progress from 0 to 1. XMLHttpRequest rather than
 * fetch: only it reports upload progress. Resolves with what `answer` takes from a successful reply (a reply it
 * cannot use counts as failed); rejects with the server's `{ status, error }`.
 */
export function uploadFile<T>(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  answer: (body: Partial<T>) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    // A shopper's session goes as its stored token too, as with every other call (apiInit); sellers' are cookies.
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { error?: string } & Partial<T> = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page, say: the status tells what happened.
      }
      const result = request.status >= 200 && request.status < 300 ? answer(body) : undefined;
      if (result) resolve(result);
      else
        reject({
          status: request.status,
          error: body.error ?? `The upload failed (${request.status}). Try again.`,
        } satisfies ApiFailure);
    };
    request.onerror = () =>
      reject({ status: 0, error: 'The upload did not reach the shop. Check the connection and try again.' });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
