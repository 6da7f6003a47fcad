/**
 * Dialogs of document pages (modals and side panels are nested routes; a notice may be a CSS
 * checkbox dialog): focus moves into the innermost open one, and Escape takes its close control
 * (`[data-close]`: a link is followed, a label clicked), as the spec asks of every modal.
 */
function openDialogs(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].filter((d) => d.getClientRects().length > 0);
}

/** Focuses a dialog's first control marked for it, else the dialog itself. */
export function focusDialog(dialog: HTMLElement) {
  const target = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog;
  if (!target.hasAttribute("tabindex") && target === dialog) dialog.tabIndex = -1;
  target.focus({ preventScroll: true });
}

export function enhanceDialogs() {
  const open = openDialogs();
  const dialog = open[open.length - 1];
  if (dialog && !dialog.contains(document.activeElement)) focusDialog(dialog);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const shown = openDialogs();
    const close =
      shown[shown.length - 1]?.closest("[data-dialog-root]")?.querySelector<HTMLElement>("[data-close]") ??
      shown[shown.length - 1]?.querySelector<HTMLElement>("[data-close]");
    if (!close) return;
    event.preventDefault();
    if (close instanceof HTMLAnchorElement) location.assign(close.href);
    else close.click();
  });
}
