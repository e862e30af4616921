import { isApiError } from './api-error';

/**
 * A refusal the request layer has already told the user about (a toast, the sign-in prompt) asks
 * nothing more of the screen that made the call. Dialogs hand their submit to antd (onOk, a confirm),
 * which passes a refusal on as an uncaught rejection: that one is not an error of the page. Every other
 * uncaught rejection — a silent call's refusal the screen forgot, a bug — stays reported.
 */
export function ignoreShownRefusals() {
  window.addEventListener('unhandledrejection', (e) => {
    if (isApiError(e.reason) && e.reason.shown) e.preventDefault();
  });
}
