import { App } from 'antd';
import type { ReactNode } from 'react';
import { notifyError } from './feedback.tsx';

interface Confirmation {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  /** A change that takes something away (disable, remove, revoke): the button says so in red. */
  danger?: boolean;
}

/**
 * Asks before a change and then makes it. The dialog waits for the call; a refusal is shown in the
 * server's words (the catalogue's reaction) and closes the dialog, so nothing is left half-done.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  return (confirmation: Confirmation, action: () => Promise<unknown>) =>
    modal.confirm({
      title: confirmation.title,
      content: confirmation.content,
      okText: confirmation.okText,
      okButtonProps: { danger: confirmation.danger },
      onOk: async () => {
        try {
          await action();
        } catch (error) {
          notifyError(error);
        }
      },
    });
}
