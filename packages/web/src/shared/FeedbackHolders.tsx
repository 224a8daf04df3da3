import type { useAppProps } from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';

export interface FeedbackHoldersProps {
  onReady(api: useAppProps): void;
}

/** What antd's `App` renders for its feedback, loaded by `FeedbackApp` when a page first calls it. */
export function FeedbackHolders({ onReady }: FeedbackHoldersProps) {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification();
  const [modal, modalHolder] = useModal();
  useEffect(() => onReady({ message, notification, modal }), [message, notification, modal, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
