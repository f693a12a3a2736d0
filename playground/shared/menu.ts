// The menu on a narrow screen: the sidebar (New chat, backend, scenario, threads) becomes a drawer
// that a button in the top bar opens (aria-expanded, aria-controls). Opening moves focus into it;
// Escape closes it and gives focus back to the button; so does a click on the backdrop; focus
// that leaves it for the page closes it too. On a wide screen the sidebar is always shown and the
// button is not (app.css), so none of this applies there.

/** The sidebar's id, named by the button's aria-controls. */
export const MENU_ID = "playground-menu";

const FOCUSABLE = "button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex='-1'])";

/** Moves focus to the first control in `container` (the drawer, once it is shown). */
export function focusFirst(container: HTMLElement | undefined | null): void {
  container?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}

/**
 * Listens on the drawer for its keyboard and focus rules; returns the function that stops. Closing
 * is `close(refocus)`: with `refocus` (Escape) focus goes back to the menu button; without it
 * (focus went elsewhere on the page) focus stays where the user put it.
 */
export function listenDrawer(drawer: HTMLElement, isOpen: () => boolean, close: (refocus: boolean) => void, button: () => HTMLElement | undefined | null): () => void {
  const keydown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.preventDefault();
    close(true);
  };
  const focusout = (event: FocusEvent) => {
    if (!isOpen()) return;
    const to = event.relatedTarget;
    if (to instanceof Node && !drawer.contains(to) && !(button()?.contains(to) ?? false)) close(false);
  };
  drawer.addEventListener("keydown", keydown);
  drawer.addEventListener("focusout", focusout);
  return () => {
    drawer.removeEventListener("keydown", keydown);
    drawer.removeEventListener("focusout", focusout);
  };
}
