// Monaco language ids for the editor and the diff view.

/** Monaco language id for a path, by extension. */
export function languageForPath(path: string): string {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  switch (ext) {
    case 'md':
    case 'markdown':
      return 'markdown';
    case 'json':
      return 'json';
    case 'ts':
    case 'tsx':
      return 'typescript';
    case 'js':
    case 'mjs':
    case 'cjs':
    case 'jsx':
      return 'javascript';
    case 'py':
      return 'python';
    default:
      return 'plaintext';
  }
}
