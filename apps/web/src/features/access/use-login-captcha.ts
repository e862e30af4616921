import { useCallback, useState } from 'react';
import { useCaptcha } from '../../components/verification/use-captcha';
import { isApiError } from '../../lib/request';

/**
 * The graphic captcha of a password login (decision 113): hidden until the server answers a refusal
 * with `data.captchaRequired`, then shown, and renewed after every refusal (each one is single use).
 */
export function useLoginCaptcha() {
  const [needed, setNeeded] = useState(false);
  const state = useCaptcha(false);
  const { refresh } = state;

  /** After a refused login: show the captcha if the server asks for it, and renew one already shown. */
  const afterRefusal = useCallback(
    (e: unknown) => {
      const asked = isApiError(e) && (e.data as { captchaRequired?: boolean } | null)?.captchaRequired === true;
      if (!asked && !needed) return;
      setNeeded(true);
      void refresh();
    },
    [needed, refresh],
  );

  /** What the login request carries: the uuid and the typed text once the captcha is shown. */
  const fields = (code: string | undefined) => (needed ? { uuid: state.uuid, code: (code ?? '').trim() } : {});

  return { needed, state, afterRefusal, fields };
}
