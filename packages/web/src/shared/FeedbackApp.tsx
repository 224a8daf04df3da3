import type { useAppProps } from 'antd/es/app/context';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import type { MessageInstance, MessageType, TypeOpen } from 'antd/es/message/interface';
import type { ModalFuncWithPromise } from 'antd/es/modal/useModal';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface';
import { clsx } from 'clsx';
import { type ComponentType, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { FeedbackHoldersProps } from './FeedbackHolders.tsx';

type Call = (api: useAppProps) => void;

/**
 * antd's `App` (the `ant-app` element with its text style, and the message, notification and
 * modal that `App.useApp()` hands out), with the feedback's code fetched when a page first calls
 * it: message, notification and Modal with its Skeleton are about 20 KB gzipped that no first
 * screen draws (decision 0051). A call made while that code is coming is carried out once it is
 * here, with what it returns standing in for antd's until then.
 */
export function FeedbackApp({ children }: { children: ReactNode }) {
  const { direction, getPrefixCls } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [Holders, setHolders] = useState<ComponentType<FeedbackHoldersProps> | null>(null);
  const real = useRef<useAppProps | null>(null);
  const waiting = useRef<Call[]>([]);
  const requested = useRef(false);

  const api = useMemo(() => {
    const run = (call: Call) => {
      if (real.current) return call(real.current);
      waiting.current.push(call);
      if (requested.current) return;
      requested.current = true;
      import('./FeedbackHolders.tsx').then(
        (module) => setHolders(() => module.FeedbackHolders),
        (error: unknown) => {
          // The network dropped: the next call tries again.
          requested.current = false;
          console.error('Feedback could not be loaded', error);
        },
      );
    };
    return lazyApi(run);
  }, []);

  const onReady = useCallback((loaded: useAppProps) => {
    real.current = loaded;
    for (const call of waiting.current.splice(0)) call(loaded);
  }, []);

  return (
    <AppContext.Provider value={api}>
      <div className={clsx(hashId, prefixCls, cssVarCls, { [`${prefixCls}-rtl`]: direction === 'rtl' })}>
        {Holders ? <Holders onReady={onReady} /> : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** What `App.useApp()` returns, without importing antd's `App` (which brings the feedback's code). */
export const useFeedback = (): useAppProps => useContext(AppContext);

/** `App.useApp()`'s three instances, each method queued through `run` until antd's have loaded. */
function lazyApi(run: (call: Call) => void): useAppProps {
  const message = (name: Exclude<keyof useAppProps['message'], 'destroy'>) =>
    ((...args: unknown[]) => {
      let shown: MessageType | undefined;
      let closed = false;
      const settled = new Promise<boolean>((resolve) =>
        run((api) => {
          shown = (api.message[name] as (...a: unknown[]) => MessageType)(...args);
          if (closed) shown();
          shown.then(resolve);
        }),
      );
      const close = () => {
        closed = true;
        shown?.();
      };
      // antd's own answer is a thenable: it settles when the message closes.
      // biome-ignore lint/suspicious/noThenProperty: the same shape as antd's `MessageType`
      return Object.assign(close, { then: settled.then.bind(settled) }) as MessageType;
    }) as TypeOpen;
  const notification = (name: Exclude<keyof useAppProps['notification'], 'destroy'>) => (args: NotificationArgs) =>
    run((api) => api.notification[name](args));
  const modal =
    (name: keyof useAppProps['modal']): ModalFuncWithPromise =>
    (config) => {
      type Shown = ReturnType<ModalFuncWithPromise>;
      let shown: Shown | undefined;
      let destroyed = false;
      const updates: Parameters<Shown['update']>[0][] = [];
      const confirmed = new Promise<boolean>((resolve, reject) =>
        run((api) => {
          shown = api.modal[name](config);
          for (const update of updates) shown.update(update);
          if (destroyed) shown.destroy();
          shown.then(resolve, reject);
        }),
      );
      return {
        destroy: () => {
          destroyed = true;
          shown?.destroy();
        },
        update: (update) => {
          if (shown) shown.update(update);
          else updates.push(update);
        },
        // antd's answer settles with whether the dialog was confirmed.
        // biome-ignore lint/suspicious/noThenProperty: the same shape as antd's `ModalFuncWithPromise`
        then: (resolve) => confirmed.then(resolve),
      };
    };
  return {
    message: {
      open: message('open') as MessageInstance['open'],
      info: message('info'),
      success: message('success'),
      error: message('error'),
      warning: message('warning'),
      loading: message('loading'),
      destroy: (key) => run((api) => api.message.destroy(key)),
    },
    notification: {
      open: notification('open'),
      info: notification('info'),
      success: notification('success'),
      error: notification('error'),
      warning: notification('warning'),
      destroy: (key) => run((api) => api.notification.destroy(key)),
    },
    modal: {
      confirm: modal('confirm'),
      info: modal('info'),
      success: modal('success'),
      error: modal('error'),
      warning: modal('warning'),
    },
  };
}
