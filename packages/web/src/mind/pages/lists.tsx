import { App, Typography } from 'antd';

/**
 * A row's delete link. It asks first, naming the row; the dialog stays open, its button spinning,
 * until `onDelete` settles.
 */
export function DeleteLink({
  title,
  question,
  label,
  cancel,
  onDelete,
}: {
  title: string;
  question: string;
  /** The link's text and the dialog's button. */
  label: string;
  cancel: string;
  onDelete(): Promise<unknown>;
}) {
  const { modal } = App.useApp();
  return (
    <Typography.Link
      type="danger"
      onClick={() =>
        modal.confirm({
          title,
          content: question,
          okText: label,
          okButtonProps: { danger: true },
          cancelText: cancel,
          onOk: onDelete,
        })
      }
    >
      {label}
    </Typography.Link>
  );
}
