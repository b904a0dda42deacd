// reCAPTCHA v3, loaded only when the server publishes a site key (GET config).

import { t } from '../i18n';

interface Grecaptcha {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g === undefined) reject(new Error(t('notice.captcha')));
      else g.ready(() => resolve(g));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('The captcha could not be loaded; check your connection and try again'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A captcha token for the action (spec §5: 'signup'), or '' when the server asks for none. */
export async function captchaToken(siteKey: string | null | undefined, action: string): Promise<string> {
  if (siteKey === null || siteKey === undefined || siteKey === '') return '';
  const g = await load(siteKey);
  return g.execute(siteKey, { action });
}
