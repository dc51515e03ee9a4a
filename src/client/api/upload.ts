/**
 * A file sent as multipart with upload progress (the tokens' CSV Upload). ofetch (fetch) reports no
 * upload progress, so this one call goes through XMLHttpRequest, with the transport's own cookies, CSRF
 * header and error shape (http.ts failureOf).
 */
import { getCsrfToken } from './csrf';
import { failureOf, serviceUrl, type Method, type Query, type Service } from './http';

/** How far a send has got: bytes of the body sent, and whether the server is now working on it. */
export interface UploadProgress { sent: number; total: number; processing: boolean }

export function uploadFile<T>(service: Service, method: Method, path: string, file: Blob, opts: {
  query?: Query; filename?: string; onProgress?(p: UploadProgress): void; signal?: AbortSignal;
} = {}): Promise<T> {
  const q = new URLSearchParams(Object.entries(opts.query ?? {}).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]])));
  const url = `${serviceUrl(service, path)}${q.size ? `?${q}` : ''}`;
  const form = new FormData();
  form.append('file', file, opts.filename ?? (file as File).name ?? 'upload.csv');
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = getCsrfToken();
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.upload.onprogress = (e) => opts.onProgress?.({ sent: e.loaded, total: e.lengthComputable ? e.total : file.size, processing: false });
    // Every byte is out: what is left is the server's check (and, applying, its insert).
    xhr.upload.onload = () => opts.onProgress?.({ sent: file.size, total: file.size, processing: true });
    xhr.onload = () => {
      let body: unknown = null;
      try { body = xhr.responseText ? JSON.parse(xhr.responseText) : null; } catch { body = null; }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(failureOf(xhr.status, body));
    };
    xhr.onerror = () => reject(failureOf(0, null));
    xhr.onabort = () => reject(new DOMException('Upload canceled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
