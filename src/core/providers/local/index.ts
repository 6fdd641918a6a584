// The "In-browser model" provider: chat template input, output parsing, the provider itself and
// the model table. The transformers.js side lives in src/workers/generator-engine.ts.
export {
  createLocalProvider,
  type LocalGenerateRequest,
  type LocalGenerateResult,
  type LocalGenerator,
  type LocalProviderOptions,
} from './provider';
export {
  toChatPrompt,
  toChatTools,
  templateSupportsTools,
  inlineToolInstructions,
  type ChatMessage,
  type ChatTool,
  type ChatPrompt,
} from './chat-format';
export {
  parseModelOutput,
  parseToolCallBlock,
  createStreamSplitter,
  UNREADABLE_TOOL_CALL,
  type ParsedToolCall,
  type ParsedOutput,
} from './tool-calls';
export * from './models';
