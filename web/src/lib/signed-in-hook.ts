/**
 * Hook point for work that follows a successful sign-in. The notifications feature
 * registers the push token here (docs/product-rules.md#sign-in-and-session).
 */
type SignedInListener = (userId: number) => void;

const listeners = new Set<SignedInListener>();

export function onSignedIn(listener: SignedInListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSignedIn(userId: number): void {
  for (const listener of listeners) listener(userId);
}
