import { Content, Description, Overlay, Portal, Root, Title } from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
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
  onConfirm: () => void;
  onCancel: () => void;
  /** Optional fields asked for along with the confirmation (shown below the description). */
  children?: ReactNode;
}

/**
 * A modal confirmation on Radix's dialog: focus is trapped inside and given back on closing,
 * the rest of the page is hidden from screen readers, Escape cancels (not while busy), a click
 * outside does nothing. The box is a <dialog> element, open, so it is a dialog to everything.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = 'Cancel', destructive, busy, busyLabel, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <Portal>
        <Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Content
          asChild
          onOpenAutoFocus={(e) => {
            // The safe answer has the focus, even when optional fields come first: Enter never confirms by accident.
            e.preventDefault();
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            keep.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            // Focus goes back to what opened the dialog (it has no Radix trigger of its own).
            e.preventDefault();
            opener.current?.focus();
            opener.current = null;
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <dialog open className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-xl">
            <div className="grid gap-3 p-5 sm:p-6">
              <Title className="text-lg font-bold text-navy-900">{title}</Title>
              <Description asChild>
                <div className="text-sm text-slate-700">{description}</div>
              </Description>
              {children}
              <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button ref={keep} variant="outline" onClick={onCancel} disabled={busy}>
                  {cancelLabel}
                </Button>
                <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={busy}>
                  {busy && busyLabel ? busyLabel : confirmLabel}
                </Button>
              </div>
            </div>
          </dialog>
        </Content>
      </Portal>
    </Root>
  );
}
