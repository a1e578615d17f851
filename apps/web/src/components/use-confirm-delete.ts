import { App } from 'antd';

interface DeleteConfirmation {
  /** What kind of thing it is ("contact"): the question is "Delete the contact Ann Lee?". */
  what: string;
  /** Its name: "Ann Lee was deleted" once deleted. */
  name: string;
  /** What goes with it, under the question. */
  content?: string;
  /** Deletes; the dialog's Delete spins until it settles. */
  remove: () => Promise<unknown>;
  /** The message when the deletion failed. */
  failed: string;
  /** Besides the message, once deleted. */
  onDeleted?: () => void;
}

/** Asks before deleting (its Delete button red), then tells whether it was deleted. */
export function useConfirmDelete() {
  const { message, modal } = App.useApp();
  return ({ what, name, content, remove, failed, onDeleted }: DeleteConfirmation) => {
    modal.confirm({
      title: `Delete the ${what} ${name}?`,
      content,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        remove().then(
          () => {
            void message.success(`${name} was deleted`);
            onDeleted?.();
          },
          () => void message.error(failed),
        ),
    });
  };
}
