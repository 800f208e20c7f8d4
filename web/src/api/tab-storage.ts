/**
 * Credentials kept for the tab only (sessionStorage): never a cookie, never localStorage, never
 * sent anywhere but in the API request's header. Falls back to memory when storage is refused.
 */
const memory = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export const tabStorage = {
  get(name: string): string | undefined {
    return storage()?.getItem(name) ?? memory.get(name);
  },
  set(name: string, value: string): void {
    memory.set(name, value);
    try {
      storage()?.setItem(name, value);
    } catch {
      // quota or privacy mode: memory only
    }
  },
  delete(name: string): void {
    memory.delete(name);
    storage()?.removeItem(name);
  },
};
