// The execute worker bundled into one classic script, as text (scripts/vite-security.ts).
declare module 'virtual:execute-worker-source' {
  const source: string;
  export default source;
}
