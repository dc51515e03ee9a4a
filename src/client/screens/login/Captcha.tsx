/** The reCAPTCHA or Turnstile widget; reports its token and resets when `resetKey` changes. */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ui } from '../../state/ui';
import { loadCaptcha, type CaptchaApi, type CaptchaProvider } from './captcha-loader';

interface Props {
  provider: CaptchaProvider;
  siteKey: string;
  onToken: (token: string | null) => void;
  /** Bumped by the form after a failed attempt: a used token is worthless (spec §8). */
  resetKey: number;
  error?: string;
}

export function Captcha({ provider, siteKey, onToken, resetKey, error }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaApi; id: string | number } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { theme } = useSnapshot(ui);
  const tokenCb = useRef(onToken);
  tokenCb.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadCaptcha(provider).then((api) => {
      if (cancelled || !box.current) return;
      const id = api.render(box.current, {
        sitekey: siteKey,
        theme,
        callback: (token) => tokenCb.current(token),
        'expired-callback': () => tokenCb.current(null),
        'error-callback': () => tokenCb.current(null),
      });
      widget.current = { api, id };
    }, () => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
      widget.current = null;
    };
    // The widget is rendered once per mount; a theme switch does not re-issue a challenge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, siteKey]);

  useEffect(() => {
    if (resetKey > 0 && widget.current) widget.current.api.reset(widget.current.id);
  }, [resetKey]);

  return (
    <div className={`field captcha${error ? ' field-invalid' : ''}`}>
      <div ref={box} className="captcha-box" />
      {loadFailed && <p className="field-hint">The captcha could not be loaded. Check your connection and reload the page.</p>}
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}
