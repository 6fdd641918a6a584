import ReactMarkdown from 'react-markdown';

/** Markdown from models and files, never raw HTML (skipHtml drops it instead of rendering it). */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown skipHtml>{text}</ReactMarkdown>
    </div>
  );
}
