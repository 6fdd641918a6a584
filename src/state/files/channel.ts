// The cross-tab channel: a tab tells the others which paths it changed, and hears theirs. A tab on
// another workspace shares only /memories/ (the user-level store).

export const FS_CHANNEL_NAME = 'memory-playground-fs';

interface ChannelMessage {
  type: 'fs-changed';
  paths: string[];
  workspaceId?: string;
}

function isChannelMessage(data: unknown): data is ChannelMessage {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === 'fs-changed' && Array.isArray(d.paths) && d.paths.every((p) => typeof p === 'string')
  );
}

/** One tab's end of the channel; the store owns one and opens it on attach. */
export interface FsChannel {
  /** Listens on `name` (closing any earlier channel); null or no BroadcastChannel: stays silent. */
  open(
    name: string | null,
    workspaceId: string | undefined,
    onPaths: (paths: string[]) => void,
  ): void;
  broadcast(paths: string[]): void;
  close(): void;
}

export function createFsChannel(): FsChannel {
  let channel: BroadcastChannel | null = null;
  let workspaceId: string | undefined;
  const close = () => {
    channel?.close();
    channel = null;
  };
  return {
    close,
    open(name, id, onPaths) {
      close();
      workspaceId = id;
      if (name === null || typeof BroadcastChannel === 'undefined') return;
      channel = new BroadcastChannel(name);
      channel.onmessage = (event: MessageEvent) => {
        const data: unknown = event.data;
        if (!isChannelMessage(data)) return;
        const sameWorkspace = !data.workspaceId || !workspaceId || data.workspaceId === workspaceId;
        const paths = sameWorkspace
          ? data.paths
          : data.paths.filter((p) => p.startsWith('/memories/'));
        if (paths.length > 0) onPaths(paths);
      };
    },
    broadcast(paths) {
      if (!channel || paths.length === 0) return;
      const message: ChannelMessage = { type: 'fs-changed', paths, workspaceId };
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (tab shutting down) is not worth surfacing.
      }
    },
  };
}
