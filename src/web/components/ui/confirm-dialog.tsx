import { Content, Description, Root, Title } from '@radix-ui/react-dialog';
import { useCallback, useRef, type ReactNode } from 'react';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  busyLabel?: string;
  /** The confirm button is off (e.g. until what the action would do has been read). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Optional fields asked for along with the confirmation (shown below the description). */
  children?: ReactNode;
  /**
   * The box is a form: the confirm button submits it, and so does Enter in one of its fields;
   * onConfirm answers the submission (a schema form's handleSubmit checks the fields first).
   */
  asForm?: boolean;
}

/**
 * A modal confirmation: Radix's dialog keeps its state, names it by its title and description,
 * puts the focus on the safe answer and gives it back on closing, and turns Escape into Cancel
 * (not while busy); the box is a native <dialog> opened with showModal(), so the browser makes the
 * rest of the page inert and traps the focus (Radix's own modal mode would hide the page from the
 * accessibility tree instead). A click outside does nothing.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  busy,
  busyLabel,
  confirmDisabled,
  onConfirm,
  onCancel,
  children,
  asForm,
}: ConfirmDialogProps) {
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const showModal = useCallback((dialog: HTMLDialogElement | null) => {
    if (!dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // The safe answer has the focus, even when optional fields come first: Enter never confirms by accident.
    keep.current?.focus();
  }, []);
  return (
    <Root
      open={open}
      modal={false}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <Content
        asChild
        onCloseAutoFocus={(e) => {
          // Focus goes back to what opened the dialog (it has no Radix trigger of its own).
          e.preventDefault();
          opener.current?.focus();
          opener.current = null;
        }}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <dialog
          ref={showModal}
          // The browser's own Escape handling would close the box behind React's back: Radix's Escape answers instead.
          onCancel={(e) => e.preventDefault()}
          className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-900 shadow-xl"
        >
          <Body asForm={asForm} onSubmit={onConfirm}>
            <Title className="text-lg font-bold text-navy-900">{title}</Title>
            <Description asChild>
              <div className="text-sm text-slate-700">{description}</div>
            </Description>
            {children}
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button ref={keep} variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button
                type={asForm ? 'submit' : 'button'}
                variant={destructive ? 'destructive' : 'primary'}
                onClick={asForm ? undefined : onConfirm}
                disabled={busy || confirmDisabled}
              >
                {busy && busyLabel ? busyLabel : confirmLabel}
              </Button>
            </div>
          </Body>
        </dialog>
      </Content>
    </Root>
  );
}

/** The box's content: a form when the dialog asks for fields it submits, else a plain block. */
function Body({ asForm, onSubmit, children }: { asForm?: boolean; onSubmit: () => void; children: ReactNode }) {
  const className = 'grid gap-3 p-5 sm:p-6';
  if (!asForm) return <div className={className}>{children}</div>;
  return (
    <form
      noValidate
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
