import type { Reader } from './readers';

/**
 * The e-mail of a notification: the same words as in the app, with a link to open it there; in the
 * recipient's language (`reader`), as its title and body already are.
 */

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function notificationMail(
  appUrl: string,
  n: { title: string; body?: string; link: string; firstName: string; reader: Reader },
): { subject: string; text: string; html: string } {
  const { t } = n.reader;
  const url = `${appUrl}${n.link}`;
  const settings = `${appUrl}/profile`;
  const body = n.body?.trim() ?? '';
  const text = [
    t('mail:greeting', { name: n.firstName }),
    '',
    n.title,
    ...(body ? ['', body] : []),
    '',
    t('mail:notification.open_text', { url }),
    '',
    '--',
    t('mail:notification.footer_text', { url: settings }),
  ].join('\n');
  const paragraphs = body
    ? body
        .split(/\n{2,}/)
        .map((p) => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
        .join('')
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p style="margin:0 0 12px">${t('mail:greeting', { name: escapeHtml(n.firstName) })}</p>
<p style="margin:0 0 12px;font-weight:600">${escapeHtml(n.title)}</p>
${paragraphs}
<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="background:#4f46e5;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">${escapeHtml(t('mail:notification.open_button'))}</a></p>
<p style="margin:24px 0 0;font-size:12px;color:#64748b">${t('mail:notification.footer_html', { url: escapeHtml(settings) })}</p>
</body></html>`;
  return { subject: n.title, text, html };
}

export type DigestEntry = { title: string; body: string; link: string };

/**
 * The daily digest (docs/product/notifications.md#digest): every held notification e-mail of the
 * person's past day(s), oldest first, each with its title, body and link; text and HTML alike.
 */
export function digestMail(
  appUrl: string,
  d: { firstName: string; day: string; items: readonly DigestEntry[]; reader: Reader },
): { subject: string; text: string; html: string } {
  const { t } = d.reader;
  const settings = `${appUrl}/profile`;
  const subject = t('mail:digest.subject', { day: d.day, count: d.items.length });
  const text = [
    t('mail:greeting', { name: d.firstName }),
    '',
    t('mail:digest.intro', { day: d.day }),
    ...d.items.flatMap((item) => [
      '',
      `* ${item.title}`,
      ...(item.body.trim() ? [`  ${item.body.trim().replace(/\n/g, '\n  ')}`] : []),
      `  ${appUrl}${item.link}`,
    ]),
    '',
    '--',
    t('mail:digest.footer_text', { url: settings }),
  ].join('\n');
  const items = d.items
    .map(
      (item) => `<li style="margin:0 0 16px">
<a href="${escapeHtml(`${appUrl}${item.link}`)}" style="font-weight:600;color:#4f46e5">${escapeHtml(item.title)}</a>
${item.body.trim() ? `<div style="white-space:pre-wrap;color:#334155">${escapeHtml(item.body.trim())}</div>` : ''}
</li>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p style="margin:0 0 12px">${t('mail:greeting', { name: escapeHtml(d.firstName) })}</p>
<p style="margin:0 0 12px">${t('mail:digest.intro', { day: escapeHtml(d.day) })}</p>
<ul style="padding-left:20px">${items}</ul>
<p style="margin:24px 0 0;font-size:12px;color:#64748b">${t('mail:digest.footer_html', { url: escapeHtml(settings) })}</p>
</body></html>`;
  return { subject, text, html };
}
