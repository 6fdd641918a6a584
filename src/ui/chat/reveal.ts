// Opening a message from elsewhere in the page (a token chart marker, the context event list): the
// conversation is virtualized, so a message out of view is not in the page until the list scrolls
// to it. The conversation registers how it brings a message into view; this waits for the element
// and then scrolls it to the centre and focuses it.

type Revealer = (messageId: string) => boolean;

let revealer: Revealer | undefined;

/** Set by the conversation while it is shown; returns the function that removes it. */
export function setMessageRevealer(next: Revealer): () => void {
  revealer = next;
  return () => {
    if (revealer === next) revealer = undefined;
  };
}

/** Frames to wait for the message to render after its list scrolled to it. */
const WAIT_FRAMES = 30;

/**
 * Scrolls the thread's message into view and focuses it. Resolves false when the conversation does
 * not have it (another thread is shown, or it is not a message of this thread).
 */
export async function revealMessage(messageId: string): Promise<boolean> {
  const id = `msg-${messageId}`;
  let element = document.getElementById(id);
  if (!element) {
    if (!revealer?.(messageId)) return false;
    for (let i = 0; i < WAIT_FRAMES && !element; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      element = document.getElementById(id);
    }
    if (!element) return false;
  }
  element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
  return true;
}
