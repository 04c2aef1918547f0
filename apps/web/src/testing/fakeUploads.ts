import { vi } from 'vitest';

/**
 * Replaces XMLHttpRequest (which the uploads use, for their progress) for one test: each upload reports half its
 * progress, then gets `answer(file)`'s status and JSON body. Returns "METHOD url" of every upload sent.
 */
export function fakeUploads(answer: (file: File) => { status: number; body: unknown }): string[] {
  const sent: string[] = [];
  class FakeUpload {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
      {};
    onload?: () => void;
    onerror?: () => void;
    withCredentials = false;
    open(method: string, url: string) {
      sent.push(`${method} ${url}`);
    }
    setRequestHeader() {}
    send(form: FormData) {
      const file = form.get('file') as File;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        const { status, body } = answer(file);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return sent;
}
