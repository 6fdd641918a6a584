// The Conversation's view of a message: the Demo's suggested replies split from its text.

export { splitSuggestions } from '../../core/providers/demo/suggestions';
export { parseJsonList } from '../../core/text/json-scan';
