import { useCallback, useEffect, useState } from 'react';
import { getCaptcha, type Captcha } from './verification-api';

/**
 * A graphic captcha (single use on the server): its image, uuid and a refresh. `loadNow: false`
 * fetches none until `refresh` is called (the login form shows one only when the server asks).
 */
export function useCaptcha(loadNow = true) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setCaptcha(null);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (loadNow) void refresh();
  }, [loadNow, refresh]);
  return { uuid: captcha?.uuid ?? '', img: captcha?.img ?? '', loading, refresh };
}
export type CaptchaState = ReturnType<typeof useCaptcha>;
