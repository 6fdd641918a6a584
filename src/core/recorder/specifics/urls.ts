// ---- URLs, e-mail, domains ------------------------------------------------------------------

import { execAll, push, trimTrailing } from './text';
import { P, type Candidate } from './types';

const URL_RE =
  /(?<![A-Za-z0-9_@./-])(?:(?:https?|ftps?|wss?|file|s3|gs|git|ssh|sftp):\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gi;
const DOMAIN_RE =
  /(?<![A-Za-z0-9_@./-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|edu|gov|io|ai|dev|uk|de|fr|cn|jp|ru|eu|xyz)(?:\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*)?(?![A-Za-z0-9_-])/g;
const EMAIL_RE =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])/g;

export function normalizeUrl(url: string): string {
  let s = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = s.search(/[/?#]/);
  const host = (slash < 0 ? s : s.slice(0, slash)).toLowerCase().replace(/^www\./, '');
  s = host + (slash < 0 ? '' : s.slice(slash));
  return s.replace(/\/+$/, '');
}

export function scanUrls(t: string, out: Candidate[]): void {
  for (const m of execAll(URL_RE, t)) {
    const start = m.index;
    const end = trimTrailing(t, start, start + m[0].length);
    const body = t.slice(start, end);
    const rest = body.replace(/^[a-z0-9]+:\/\/|^www\./i, '');
    if (!/[A-Za-z0-9]/.test(rest)) continue;
    push(out, start, end, 'url', 'url', normalizeUrl(body), P.url);
  }
}

export function scanDomains(t: string, out: Candidate[]): void {
  for (const m of execAll(DOMAIN_RE, t)) {
    const start = m.index;
    const end = trimTrailing(t, start, start + m[0].length);
    push(out, start, end, 'url', 'domain', normalizeUrl(t.slice(start, end)), P.domain);
  }
}

export function scanEmails(t: string, out: Candidate[]): void {
  for (const m of execAll(EMAIL_RE, t)) {
    push(out, m.index, m.index + m[0].length, 'email', 'email', m[0].toLowerCase(), P.email);
  }
}
