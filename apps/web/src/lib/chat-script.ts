import { getConfig } from './config-api';

let started = false;

/** The third-party chat script (config chat_script): loaded once at start, only when a URL is set. */
export async function loadChatScriptOnce() {
  if (started) return;
  started = true;
  let url = '';
  try {
    url = (await getConfig('chat_script')).configValue.trim();
  } catch {
    return;
  }
  if (!/^https?:\/\//i.test(url) || document.querySelector(`script[data-chat-script]`)) return;
  const s = document.createElement('script');
  s.src = url;
  s.async = true;
  s.dataset.chatScript = '1';
  document.head.appendChild(s);
}
