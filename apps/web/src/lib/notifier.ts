import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';
import { createElement, useEffect } from 'react';

type AppApi = ReturnType<typeof App.useApp>;

// The request layer runs outside React; it reaches antd's context-aware message/modal through
// the instance the <NotifierBridge/> inside <App> hands over (theme and locale apply to it).
let api: AppApi | null = null;

export function notifier(): AppApi {
  return api ?? { message: staticMessage, notification: staticNotification, modal: Modal as unknown as AppApi['modal'] };
}

function Bridge() {
  const appApi = App.useApp();
  useEffect(() => {
    api = appApi;
    return () => {
      if (api === appApi) api = null;
    };
  }, [appApi]);
  return null;
}

export const NotifierBridge = () => createElement(Bridge);
